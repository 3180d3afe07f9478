# Sourced by the scripts and .ci/run: the Debian packages Qt needs (the one list; README "Set-up" repeats
# it), a check for them, and a quiet pip.
# Offscreen (tests, CI, --screenshot): libraries and a font (without one every glyph is an empty box).
QT_DEBS="libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0 fonts-dejavu-core"
# A real X11 display adds the xcb platform plugin's libraries.
DISPLAY_DEBS="libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libxkbcommon-x11-0"

# Print the packages of "$@" that are not installed (nothing on systems without dpkg).
missing_debs() {
  command -v dpkg-query >/dev/null || return 0
  local -A installed=()
  local package status out=""
  while read -r package status; do
    installed[$package]="$status"
  done < <(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "$@" 2>/dev/null || true)
  for package in "$@"; do
    [ "${installed[$package]:-}" = installed ] || out="$out $package"
  done
  echo "${out# }"
}

# Run a pip command without the site's "Location … is ignored" index warnings; keeps pip's exit status.
quiet_pip() {
  "$@" 2>&1 | { grep -v '^WARNING: Location' || true; }
}
