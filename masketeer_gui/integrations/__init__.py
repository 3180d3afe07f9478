"""Running the engine inside other systems (Spark); each integration imports its system only when called."""
