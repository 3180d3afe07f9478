PRAGMA application_id = 1296782416;
BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('0001');
CREATE TABLE audit_log (
	id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, 
	at DATETIME NOT NULL, 
	who VARCHAR NOT NULL, 
	domain VARCHAR NOT NULL, 
	action VARCHAR NOT NULL, 
	row_id INTEGER NOT NULL, 
	"before" JSON, 
	"after" JSON, 
	reverts_id INTEGER, 
	undone BOOLEAN NOT NULL, 
	FOREIGN KEY(reverts_id) REFERENCES audit_log (id)
);
INSERT INTO "audit_log" VALUES(1,'2025-01-02 03:04:05.000000','tester','term','add',1,NULL,'{"id": 1, "kind": "whitelist", "term": "Rumpf", "folded": "rumpf", "entity": null, "scope": "corpus", "scope_value": "", "who": "tester", "created_at": "2025-01-02T03:04:05+00:00", "why": "eponym", "source_note_id": 2}',NULL,0);
CREATE TABLE batches (
	id INTEGER NOT NULL, 
	source VARCHAR NOT NULL, 
	imported_at DATETIME NOT NULL, 
	who VARCHAR NOT NULL, 
	added INTEGER NOT NULL, 
	updated INTEGER NOT NULL, 
	unchanged INTEGER NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "batches" VALUES(1,'corpus.jsonl','2025-01-02 03:04:05.000000','tester',3,0,0);
CREATE TABLE corrections (
	id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, 
	note_id INTEGER NOT NULL, 
	start INTEGER NOT NULL, 
	"end" INTEGER NOT NULL, 
	action VARCHAR NOT NULL, 
	entity VARCHAR, 
	text_hash VARCHAR NOT NULL, 
	who VARCHAR NOT NULL, 
	created_at DATETIME NOT NULL, 
	why VARCHAR NOT NULL, 
	CONSTRAINT ck_action CHECK ("action" IN ('add', 'remove', 'retype')), 
	FOREIGN KEY(note_id) REFERENCES notes (id) ON DELETE CASCADE
);
INSERT INTO "corrections" VALUES(1,3,0,4,'add','PAT','603cd6a58ce484d39ac1a0101216f7bf','tester','2025-01-02 03:04:05.000000','nickname');
CREATE TABLE note_texts (
	note_id INTEGER NOT NULL, 
	text TEXT NOT NULL, 
	PRIMARY KEY (note_id), 
	FOREIGN KEY(note_id) REFERENCES notes (id) ON DELETE CASCADE
);
INSERT INTO "note_texts" VALUES(1,'Dr. Hofer bespricht mit Frau Gruber die Werte.');
INSERT INTO "note_texts" VALUES(2,'Schmerzen im Rumpf, Dr. Rumpf informiert.');
INSERT INTO "note_texts" VALUES(3,'Hias kommt morgen zur Kontrolle.');
CREATE TABLE notes (
	id INTEGER NOT NULL, 
	external_id VARCHAR NOT NULL, 
	text_hash VARCHAR NOT NULL, 
	text_length INTEGER NOT NULL, 
	meta JSON NOT NULL, 
	patient_id VARCHAR, 
	author VARCHAR, 
	batch_id INTEGER NOT NULL, 
	imported_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (external_id), 
	FOREIGN KEY(batch_id) REFERENCES batches (id)
);
INSERT INTO "notes" VALUES(1,'n1','39a6abe88dc9a5c8ffc150bd52cd2f75',46,'{"patient_id": "p1"}','p1','a1',1,'2025-01-02 03:04:05.000000');
INSERT INTO "notes" VALUES(2,'n2','7da6160892c07a95bd95d5a389a70354',41,'{"patient_id": "p1"}','p1','a1',1,'2025-01-02 03:04:05.000000');
INSERT INTO "notes" VALUES(3,'n3','603cd6a58ce484d39ac1a0101216f7bf',32,'{"patient_id": "p2"}','p2','a1',1,'2025-01-02 03:04:05.000000');
CREATE TABLE runs (
	id INTEGER NOT NULL, 
	started_at DATETIME NOT NULL, 
	finished_at DATETIME, 
	engine_version VARCHAR NOT NULL, 
	lists_hash VARCHAR NOT NULL, 
	settings JSON NOT NULL, 
	status VARCHAR NOT NULL, 
	notes_analyzed INTEGER NOT NULL, 
	spans_found INTEGER NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT ck_status CHECK ("status" IN ('running', 'done', 'failed', 'cancelled'))
);
INSERT INTO "runs" VALUES(1,'2025-01-02 03:04:05.000000','2025-01-02 03:04:05.000000','0.1.0/fake-1','abc','{}','done',3,3);
CREATE TABLE settings (
	"key" VARCHAR NOT NULL, 
	value JSON, 
	PRIMARY KEY ("key")
);
INSERT INTO "settings" VALUES('created_by','"masketeer-gui 0.1.0"');
CREATE TABLE spans (
	id INTEGER NOT NULL, 
	run_id INTEGER NOT NULL, 
	note_id INTEGER NOT NULL, 
	start INTEGER NOT NULL, 
	"end" INTEGER NOT NULL, 
	entity VARCHAR NOT NULL, 
	masker VARCHAR NOT NULL, 
	reason VARCHAR NOT NULL, 
	flags VARCHAR NOT NULL, 
	ref VARCHAR NOT NULL, 
	pseudonym VARCHAR, 
	PRIMARY KEY (id), 
	CONSTRAINT ck_entity CHECK ("entity" IN ('HCP', 'PAT', 'PER', 'SIT', 'WEB', 'MAI', 'ADD', 'PHO', 'ZIP')), 
	FOREIGN KEY(run_id) REFERENCES runs (id) ON DELETE CASCADE, 
	FOREIGN KEY(note_id) REFERENCES notes (id) ON DELETE CASCADE
);
INSERT INTO "spans" VALUES(1,1,1,0,9,'HCP','Salutation','','','',NULL);
INSERT INTO "spans" VALUES(2,1,1,29,35,'PER','Salutation','','','',NULL);
INSERT INTO "spans" VALUES(3,1,2,24,29,'HCP','Salutation','','','',NULL);
CREATE TABLE terms (
	id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, 
	kind VARCHAR NOT NULL, 
	term VARCHAR NOT NULL, 
	folded VARCHAR NOT NULL, 
	entity VARCHAR, 
	scope VARCHAR NOT NULL, 
	scope_value VARCHAR NOT NULL, 
	who VARCHAR NOT NULL, 
	created_at DATETIME NOT NULL, 
	why VARCHAR NOT NULL, 
	source_note_id INTEGER, 
	CONSTRAINT uq_terms_key UNIQUE (kind, folded, scope, scope_value), 
	CONSTRAINT ck_kind CHECK ("kind" IN ('whitelist', 'blacklist', 'patient', 'hcp', 'person', 'medical_site')), 
	CONSTRAINT ck_scope CHECK ("scope" IN ('corpus', 'patient', 'note')), 
	FOREIGN KEY(source_note_id) REFERENCES notes (id) ON DELETE SET NULL
);
INSERT INTO "terms" VALUES(1,'whitelist','Rumpf','rumpf',NULL,'corpus','','tester','2025-01-02 03:04:05.000000','eponym',2);
CREATE INDEX ix_notes_patient_id ON notes (patient_id);
CREATE INDEX ix_spans_run_id ON spans (run_id);
CREATE INDEX ix_spans_note_run ON spans (note_id, run_id);
CREATE INDEX ix_corrections_note_id ON corrections (note_id);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('terms',1);
INSERT INTO "sqlite_sequence" VALUES('corrections',1);
INSERT INTO "sqlite_sequence" VALUES('audit_log',1);
COMMIT;
