PRAGMA application_id = 1131172468;
PRAGMA user_version = 28;
CREATE TABLE "adjudication_history" (
    id             INTEGER PRIMARY KEY,
    item_id        INTEGER NOT NULL REFERENCES items(id),
    unit           TEXT NOT NULL,
    old_value      INTEGER CHECK (old_value IS NULL OR old_value BETWEEN 0 AND 11),
    new_value      INTEGER CHECK (new_value IS NULL OR new_value BETWEEN 0 AND 11),
    adjudicator_id INTEGER NOT NULL REFERENCES annotators(id),
    reason         TEXT NOT NULL DEFAULT '',
    at             TEXT NOT NULL,
    actor_id       INTEGER REFERENCES annotators(id)
, old_text TEXT, new_text TEXT);
INSERT INTO "adjudication_history" VALUES(1,1,'question',NULL,2,1,'the pane asks one thing','2026-11-27T22:50:20.056Z',1,NULL,NULL);
INSERT INTO "adjudication_history" VALUES(2,1,'question',2,1,1,'on second look','2026-11-27T22:50:20.057Z',1,NULL,NULL);
INSERT INTO "adjudication_history" VALUES(3,54,'necessity',NULL,1,1,'','2026-11-27T22:50:20.058Z',1,NULL,NULL);
INSERT INTO "adjudication_history" VALUES(4,62,'preference',NULL,0,1,'tie on reading','2026-11-27T22:50:20.059Z',1,NULL,NULL);
INSERT INTO "adjudication_history" VALUES(5,41,'coherence',NULL,2,1,'','2026-11-27T22:50:20.059Z',1,NULL,NULL);
CREATE TABLE "adjudications" (
    item_id        INTEGER NOT NULL REFERENCES items(id),
    unit           TEXT NOT NULL,
    value          INTEGER NOT NULL CHECK (value BETWEEN 0 AND 11),
    adjudicator_id INTEGER NOT NULL REFERENCES annotators(id),
    reason         TEXT NOT NULL DEFAULT '',
    at             TEXT NOT NULL, text TEXT,
    PRIMARY KEY (item_id, unit)
) WITHOUT ROWID;
INSERT INTO "adjudications" VALUES(1,'question',1,1,'on second look','2026-11-27T22:50:20.057Z',NULL);
INSERT INTO "adjudications" VALUES(41,'coherence',2,1,'','2026-11-27T22:50:20.059Z',NULL);
INSERT INTO "adjudications" VALUES(54,'necessity',1,1,'','2026-11-27T22:50:20.058Z',NULL);
INSERT INTO "adjudications" VALUES(62,'preference',0,1,'tie on reading','2026-11-27T22:50:20.059Z',NULL);
CREATE TABLE agreement_patterns (
    dataset_id INTEGER NOT NULL REFERENCES datasets(id),
    unit_type  TEXT NOT NULL,
    pattern    TEXT NOT NULL,
    units      INTEGER NOT NULL CHECK (units > 0),
    PRIMARY KEY (dataset_id, unit_type, pattern)
) WITHOUT ROWID;
INSERT INTO "agreement_patterns" VALUES(1,'answer_set','0 0 2 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'answer_set','0 0 3 0 0 0',4);
INSERT INTO "agreement_patterns" VALUES(1,'answer_set','0 0 5 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'answer_set','0 1 2 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'answer_set','0 2 1 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(1,'answer_set','0 3 0 0 0 0',5);
INSERT INTO "agreement_patterns" VALUES(1,'answer_set','1 0 1 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'answer_set','1 0 2 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(1,'answer_set','1 2 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'answer_set','2 0 1 0 0 0',3);
INSERT INTO "agreement_patterns" VALUES(1,'answer_set','2 1 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'landing','0 0 2 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(1,'landing','0 0 3 0 0 0',16);
INSERT INTO "agreement_patterns" VALUES(1,'landing','0 1 1 0 0 0',3);
INSERT INTO "agreement_patterns" VALUES(1,'landing','0 1 2 0 0 0',9);
INSERT INTO "agreement_patterns" VALUES(1,'landing','0 2 1 0 0 0',4);
INSERT INTO "agreement_patterns" VALUES(1,'landing','0 3 0 0 0 0',16);
INSERT INTO "agreement_patterns" VALUES(1,'landing','1 0 1 0 0 0',3);
INSERT INTO "agreement_patterns" VALUES(1,'landing','1 0 2 0 0 0',9);
INSERT INTO "agreement_patterns" VALUES(1,'landing','1 2 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'landing','1 2 2 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'landing','2 0 1 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'landing','2 0 3 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'landing','2 1 0 0 0 0',3);
INSERT INTO "agreement_patterns" VALUES(1,'landing','3 0 0 0 0 0',4);
INSERT INTO "agreement_patterns" VALUES(1,'landing','5 0 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'question','0 0 2 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(1,'question','0 0 3 0 0 0',3);
INSERT INTO "agreement_patterns" VALUES(1,'question','0 1 2 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(1,'question','0 2 1 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(1,'question','0 3 0 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(1,'question','0 5 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'question','1 2 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(1,'question','2 1 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'coherence','0 0 0 1 0 1',1);
INSERT INTO "agreement_patterns" VALUES(2,'coherence','0 0 0 1 2 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'coherence','0 0 0 2 1 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'coherence','0 0 1 0 0 1',1);
INSERT INTO "agreement_patterns" VALUES(2,'diversity','0 0 0 1 2 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'diversity','0 0 2 1 0 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'diversity','0 1 0 0 0 1',1);
INSERT INTO "agreement_patterns" VALUES(2,'diversity','0 1 0 0 1 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'intent_reveal','0 0 0 0 1 2',1);
INSERT INTO "agreement_patterns" VALUES(2,'intent_reveal','0 0 0 2 1 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'intent_reveal','0 0 2 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'intent_reveal','0 1 1 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'relevance','0 0 0 0 0 3',1);
INSERT INTO "agreement_patterns" VALUES(2,'relevance','0 0 0 0 1 1',1);
INSERT INTO "agreement_patterns" VALUES(2,'relevance','0 0 0 0 1 2',1);
INSERT INTO "agreement_patterns" VALUES(2,'relevance','0 0 0 0 2 1',1);
INSERT INTO "agreement_patterns" VALUES(2,'relevance','0 0 0 1 1 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'relevance','0 0 0 2 0 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'relevance','0 0 0 2 1 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'relevance','0 0 2 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(2,'relevance','0 1 0 0 1 0',1);
INSERT INTO "agreement_patterns" VALUES(3,'nugget','0 0 3 0 0 0',4);
INSERT INTO "agreement_patterns" VALUES(3,'nugget','0 1 2 0 0 0',3);
INSERT INTO "agreement_patterns" VALUES(3,'nugget','0 2 1 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(3,'nugget','1 2 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(3,'nugget','3 0 0 0 0 0',4);
INSERT INTO "agreement_patterns" VALUES(4,'facet','0 0 0 1 0 0',1);
INSERT INTO "agreement_patterns" VALUES(4,'facet','0 0 0 1 2 0',1);
INSERT INTO "agreement_patterns" VALUES(4,'facet','0 0 0 2 0 0',2);
INSERT INTO "agreement_patterns" VALUES(4,'facet','0 0 0 3 0 0',1);
INSERT INTO "agreement_patterns" VALUES(4,'facet','0 0 1 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(4,'facet','0 0 2 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(4,'necessity','0 1 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(4,'necessity','0 3 0 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(4,'necessity','1 1 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(4,'necessity','1 2 0 0 0 0',3);
INSERT INTO "agreement_patterns" VALUES(4,'necessity','2 1 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(5,'preference','0 1 0 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(5,'preference','0 1 2 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(5,'preference','1 1 1 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(5,'preference','1 2 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(5,'preference','2 1 0 0 0 0',2);
INSERT INTO "agreement_patterns" VALUES(5,'preference','3 0 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(7,'need','0 0 0 0 1 0',1);
INSERT INTO "agreement_patterns" VALUES(7,'need','0 0 1 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(7,'need','0 1 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(10,'facet','0 0 1 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(10,'necessity','0 1 0 0 0 0',1);
INSERT INTO "agreement_patterns" VALUES(11,'necessity','1 0 0 0 0 0',1);
CREATE TABLE annotator_arms (
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    arm_seq      INTEGER NOT NULL,
    PRIMARY KEY (dataset_id, annotator_id),
    FOREIGN KEY (dataset_id, arm_seq) REFERENCES arms (dataset_id, seq)
) WITHOUT ROWID;
INSERT INTO "annotator_arms" VALUES(10,7,0);
CREATE TABLE annotator_done (
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    done         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (dataset_id, annotator_id)
) WITHOUT ROWID;
INSERT INTO "annotator_done" VALUES(1,2,20);
INSERT INTO "annotator_done" VALUES(1,3,20);
INSERT INTO "annotator_done" VALUES(1,4,20);
INSERT INTO "annotator_done" VALUES(1,5,1);
INSERT INTO "annotator_done" VALUES(1,6,1);
INSERT INTO "annotator_done" VALUES(1,7,2);
INSERT INTO "annotator_done" VALUES(1,8,2);
INSERT INTO "annotator_done" VALUES(2,2,2);
INSERT INTO "annotator_done" VALUES(2,3,2);
INSERT INTO "annotator_done" VALUES(2,4,2);
INSERT INTO "annotator_done" VALUES(2,7,2);
INSERT INTO "annotator_done" VALUES(2,8,2);
INSERT INTO "annotator_done" VALUES(3,2,4);
INSERT INTO "annotator_done" VALUES(3,3,4);
INSERT INTO "annotator_done" VALUES(3,4,4);
INSERT INTO "annotator_done" VALUES(4,2,4);
INSERT INTO "annotator_done" VALUES(4,3,4);
INSERT INTO "annotator_done" VALUES(4,4,4);
INSERT INTO "annotator_done" VALUES(4,7,2);
INSERT INTO "annotator_done" VALUES(4,8,3);
INSERT INTO "annotator_done" VALUES(4,9,4);
INSERT INTO "annotator_done" VALUES(5,2,4);
INSERT INTO "annotator_done" VALUES(5,3,4);
INSERT INTO "annotator_done" VALUES(5,4,4);
INSERT INTO "annotator_done" VALUES(5,7,2);
INSERT INTO "annotator_done" VALUES(5,8,2);
INSERT INTO "annotator_done" VALUES(5,9,4);
INSERT INTO "annotator_done" VALUES(10,7,1);
INSERT INTO "annotator_done" VALUES(11,8,1);
CREATE TABLE annotator_keys (
    fingerprint  TEXT PRIMARY KEY CHECK (fingerprint GLOB 'SHA256:*'),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    public_key   TEXT NOT NULL,
    comment      TEXT NOT NULL DEFAULT '',
    added_by     INTEGER NOT NULL REFERENCES annotators(id),
    added_at     TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE annotators (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE CHECK (length(name) > 0),
    role       TEXT NOT NULL DEFAULT 'annotator'
               CHECK (role IN ('annotator', 'adjudicator', 'lead')),
    created_at TEXT NOT NULL
);
INSERT INTO "annotators" VALUES(1,'root','lead','2026-11-27T22:50:19.646Z');
INSERT INTO "annotators" VALUES(2,'demo-kai','annotator','2026-11-27T22:50:19.649Z');
INSERT INTO "annotators" VALUES(3,'demo-lin','annotator','2026-11-27T22:50:19.650Z');
INSERT INTO "annotators" VALUES(4,'demo-mo','annotator','2026-11-27T22:50:19.650Z');
INSERT INTO "annotators" VALUES(5,'demo-nia','annotator','2026-11-27T22:50:19.654Z');
INSERT INTO "annotators" VALUES(6,'demo-oz','annotator','2026-11-27T22:50:19.654Z');
INSERT INTO "annotators" VALUES(7,'ana','annotator','2026-11-27T22:50:19.702Z');
INSERT INTO "annotators" VALUES(8,'bo','annotator','2026-11-27T22:50:19.702Z');
INSERT INTO "annotators" VALUES(9,'cy','annotator','2026-11-27T22:50:19.702Z');
INSERT INTO "annotators" VALUES(10,'adj','adjudicator','2026-11-27T22:50:19.703Z');
INSERT INTO "annotators" VALUES(11,'mimics-release','annotator','2026-11-27T22:50:19.801Z');
CREATE TABLE answers (
    item_id   INTEGER PRIMARY KEY REFERENCES items(id),
    intent_id INTEGER NOT NULL REFERENCES intents(id),
    run_id    INTEGER NOT NULL REFERENCES runs(id),
    k         INTEGER CHECK (k IS NULL OR k >= 0),  -- clarification turns asked
    shuffle   INTEGER NOT NULL, response_length INTEGER CHECK (response_length IS NULL OR response_length >= 0),
    UNIQUE (intent_id, run_id)
);
INSERT INTO "answers" VALUES(46,1,2,NULL,5919443201845348703,NULL);
INSERT INTO "answers" VALUES(47,2,2,NULL,4394631961155431433,NULL);
INSERT INTO "answers" VALUES(48,3,2,NULL,527055745846309120,NULL);
INSERT INTO "answers" VALUES(49,4,2,NULL,5707135661418332746,NULL);
INSERT INTO "answers" VALUES(50,1,3,1,5657124056450093742,NULL);
INSERT INTO "answers" VALUES(51,2,3,1,6519520754796250668,NULL);
INSERT INTO "answers" VALUES(52,3,3,1,2458605527267653919,NULL);
INSERT INTO "answers" VALUES(53,4,3,1,7616848151961809233,NULL);
CREATE TABLE arms (
    dataset_id INTEGER NOT NULL REFERENCES datasets(id),
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    shows      TEXT NOT NULL CHECK (shows IN ('never', 'after', 'before')),
    run_id     INTEGER REFERENCES runs(id),
    per_item   INTEGER NOT NULL CHECK (per_item >= 1),
    PRIMARY KEY (dataset_id, seq),
    CHECK ((shows = 'never') = (run_id IS NULL))
) WITHOUT ROWID;
INSERT INTO "arms" VALUES(10,0,'never',NULL,1);
INSERT INTO "arms" VALUES(10,1,'after',9,1);
CREATE TABLE assign_cursors (
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    partial_from INTEGER NOT NULL DEFAULT 0,
    free_from    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (dataset_id, annotator_id)
) WITHOUT ROWID;
INSERT INTO "assign_cursors" VALUES(4,9,4611686018427387904,4611686018427387904);
INSERT INTO "assign_cursors" VALUES(5,9,4611686018427387904,4611686018427387904);
CREATE TABLE assign_returns (
    dataset_id   INTEGER NOT NULL,
    annotator_id INTEGER NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('partial', 'free')),
    seq          INTEGER NOT NULL,
    PRIMARY KEY (dataset_id, annotator_id, kind, seq),
    FOREIGN KEY (dataset_id, annotator_id) REFERENCES assign_cursors (dataset_id, annotator_id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE TABLE attention (
    item_id      INTEGER NOT NULL REFERENCES items(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    expected     INTEGER NOT NULL CHECK (expected >= 0),
    answer       INTEGER CHECK (answer BETWEEN 0 AND 999),
    asked_at     TEXT NOT NULL,
    answered_at  TEXT,
    PRIMARY KEY (item_id, annotator_id),
    CHECK ((answer IS NULL) = (answered_at IS NULL))
) WITHOUT ROWID;
CREATE TABLE context_turns (
    item_id INTEGER NOT NULL REFERENCES items(id),
    pos     INTEGER NOT NULL CHECK (pos >= 1),
    role    TEXT NOT NULL,
    text    TEXT NOT NULL,
    PRIMARY KEY (item_id, pos)
) WITHOUT ROWID;
INSERT INTO "context_turns" VALUES(56,1,'user','I''m planning a trip with my family.');
INSERT INTO "context_turns" VALUES(56,2,'assistant','Sounds great! What can I help you with?');
INSERT INTO "context_turns" VALUES(60,1,'user','My router keeps dropping the connection.');
INSERT INTO "context_turns" VALUES(60,2,'assistant','That can happen after a firmware update.');
INSERT INTO "context_turns" VALUES(60,3,'user','Also my phone is acting up.');
INSERT INTO "context_turns" VALUES(65,1,'user','My router keeps dropping the connection.');
INSERT INTO "context_turns" VALUES(65,2,'user','Also my phone is acting up.');
INSERT INTO "context_turns" VALUES(79,1,'user','I''m planning a trip with my family.');
INSERT INTO "context_turns" VALUES(79,2,'assistant','Sounds great! What can I help you with?');
INSERT INTO "context_turns" VALUES(83,1,'user','My router keeps dropping the connection.');
INSERT INTO "context_turns" VALUES(83,2,'assistant','That can happen after a firmware update.');
INSERT INTO "context_turns" VALUES(83,3,'user','Also my phone is acting up.');
INSERT INTO "context_turns" VALUES(87,1,'user','I''m planning a trip with my family.');
INSERT INTO "context_turns" VALUES(87,2,'assistant','Sounds great! What can I help you with?');
INSERT INTO "context_turns" VALUES(91,1,'user','My router keeps dropping the connection.');
INSERT INTO "context_turns" VALUES(91,2,'assistant','That can happen after a firmware update.');
INSERT INTO "context_turns" VALUES(91,3,'user','Also my phone is acting up.');
CREATE TABLE datasets (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    kind       TEXT NOT NULL,               -- task kind: mimics
    format     TEXT NOT NULL,               -- source format of the first import
    created_at TEXT NOT NULL
, min_annotators INTEGER NOT NULL DEFAULT 3 CHECK (min_annotators >= 1), max_annotators INTEGER NOT NULL DEFAULT 5 CHECK (max_annotators >= 1), lease_seconds INTEGER NOT NULL DEFAULT 1800 CHECK (lease_seconds > 0), gold_rule TEXT NOT NULL DEFAULT 'majority'
    CHECK (gold_rule IN ('majority', 'median')), fresh_from INTEGER NOT NULL DEFAULT 0, items_count INTEGER NOT NULL DEFAULT 0, complete_count INTEGER NOT NULL DEFAULT 0, purpose TEXT NOT NULL DEFAULT 'task'
    CHECK (purpose IN ('task', 'practice', 'check')), parent_id INTEGER REFERENCES datasets(id), qualify_hits INTEGER NOT NULL DEFAULT 0 CHECK (qualify_hits >= 0), qualify_pass REAL NOT NULL DEFAULT 0.7 CHECK (qualify_pass BETWEEN 0 AND 1), check_rate REAL NOT NULL DEFAULT 0 CHECK (check_rate BETWEEN 0 AND 1), repeat_rate REAL NOT NULL DEFAULT 0 CHECK (repeat_rate BETWEEN 0 AND 1), repeat_gap INTEGER NOT NULL DEFAULT 20 CHECK (repeat_gap >= 1), fast_seconds REAL NOT NULL DEFAULT 0 CHECK (fast_seconds >= 0), pause_below REAL NOT NULL DEFAULT 0 CHECK (pause_below BETWEEN 0 AND 1), pause_after INTEGER NOT NULL DEFAULT 5 CHECK (pause_after >= 1), gold_model TEXT NOT NULL DEFAULT ''
    CHECK (gold_model IN ('', 'dawid-skene')), withhold_below INTEGER NOT NULL DEFAULT 5, attention_rate REAL NOT NULL DEFAULT 0 CHECK (attention_rate BETWEEN 0 AND 1), swap_rate REAL NOT NULL DEFAULT 0 CHECK (swap_rate BETWEEN 0 AND 1), gold_from TEXT NOT NULL DEFAULT 'blind' CHECK (gold_from IN ('blind', 'all')));
INSERT INTO "datasets" VALUES(1,'demo','mimics','mimics-manual','2026-11-27T22:50:19.646Z',3,5,1800,'majority',0,40,19,'task',NULL,0,0.7,0.0,0.0,20,0.0,0.0,5,'',5,0.0,0.0,'blind');
INSERT INTO "datasets" VALUES(2,'demo-conversations','clarimm','clarimm','2026-11-27T22:50:19.663Z',3,5,1800,'median',0,5,2,'task',NULL,0,0.7,0.0,0.0,20,0.0,0.0,5,'',5,0.0,0.0,'blind');
INSERT INTO "datasets" VALUES(3,'demo-nuggets','nuggets','nuggets','2026-11-27T22:50:19.681Z',3,5,1800,'majority',0,8,4,'task',NULL,0,0.7,0.0,0.0,20,0.0,0.0,5,'',5,0.0,0.0,'blind');
INSERT INTO "datasets" VALUES(4,'demo-necessity','necessity','necessity','2026-11-27T22:50:19.688Z',3,5,1800,'majority',9,8,6,'task',NULL,0,0.7,0.0,0.5,1,0.0,0.0,5,'',5,0.0,0.0,'blind');
INSERT INTO "datasets" VALUES(5,'demo-pairs','compare','pairs','2026-11-27T22:50:19.693Z',3,5,1800,'majority',9,8,5,'task',NULL,0,0.7,0.0,0.0,1,0.0,0.0,5,'',5,0.0,0.5,'blind');
INSERT INTO "datasets" VALUES(6,'demopractice','mimics','mimics-manual','2026-11-27T22:50:19.726Z',1000000,1000000,1800,'majority',0,1,0,'practice',1,0,0.7,0.0,0.0,20,0.0,0.0,5,'',5,0.0,0.0,'blind');
INSERT INTO "datasets" VALUES(7,'clariq','clariq','clariq','2026-11-27T22:50:19.743Z',3,5,1800,'majority',0,3,0,'task',NULL,0,0.7,0.0,0.0,20,0.0,0.0,5,'',5,0.0,0.0,'blind');
INSERT INTO "datasets" VALUES(8,'clariqcheck','clariq','clariq','2026-11-27T22:50:19.743Z',1000000,1000000,1800,'majority',0,1,0,'check',7,0,0.7,0.0,0.0,20,0.0,0.0,5,'',5,0.0,0.0,'blind');
INSERT INTO "datasets" VALUES(9,'click','mimics','mimics-click','2026-11-27T22:50:19.779Z',3,5,1800,'majority',0,2,0,'task',NULL,0,0.7,0.0,0.0,20,0.0,0.0,5,'',5,0.0,0.0,'blind');
INSERT INTO "datasets" VALUES(10,'study','necessity','necessity','2026-11-27T22:50:19.819Z',2,2,1800,'majority',0,8,0,'task',NULL,0,0.7,0.0,0.0,20,0.0,0.0,5,'',5,0.0,0.0,'blind');
INSERT INTO "datasets" VALUES(11,'triaged','necessity','necessity','2026-11-27T22:50:19.837Z',3,5,1800,'majority',0,8,0,'task',NULL,0,0.7,0.0,0.0,20,0.0,0.0,5,'',5,0.0,0.0,'blind');
CREATE TABLE facets (
    item_id INTEGER NOT NULL REFERENCES items(id),
    pos     INTEGER NOT NULL CHECK (pos BETWEEN 1 AND 9),
    text    TEXT NOT NULL,
    PRIMARY KEY (item_id, pos)
) WITHOUT ROWID;
INSERT INTO "facets" VALUES(54,1,'which restaurant or area');
INSERT INTO "facets" VALUES(54,2,'how many people');
INSERT INTO "facets" VALUES(54,3,'what time');
INSERT INTO "facets" VALUES(56,1,'destination country');
INSERT INTO "facets" VALUES(56,2,'type of visa (tourist, work, transit)');
INSERT INTO "facets" VALUES(56,3,'the traveller''s nationality');
INSERT INTO "facets" VALUES(58,1,'the animal');
INSERT INTO "facets" VALUES(58,2,'the car maker');
INSERT INTO "facets" VALUES(58,3,'the Atari console');
INSERT INTO "facets" VALUES(59,1,'tone (calm or stormy)');
INSERT INTO "facets" VALUES(60,1,'the router');
INSERT INTO "facets" VALUES(60,2,'the phone');
INSERT INTO "facets" VALUES(61,1,'which city');
INSERT INTO "facets" VALUES(61,2,'today or this week');
INSERT INTO "facets" VALUES(77,1,'which restaurant or area');
INSERT INTO "facets" VALUES(77,2,'how many people');
INSERT INTO "facets" VALUES(77,3,'what time');
INSERT INTO "facets" VALUES(79,1,'destination country');
INSERT INTO "facets" VALUES(79,2,'type of visa (tourist, work, transit)');
INSERT INTO "facets" VALUES(79,3,'the traveller''s nationality');
INSERT INTO "facets" VALUES(81,1,'the animal');
INSERT INTO "facets" VALUES(81,2,'the car maker');
INSERT INTO "facets" VALUES(81,3,'the Atari console');
INSERT INTO "facets" VALUES(82,1,'tone (calm or stormy)');
INSERT INTO "facets" VALUES(83,1,'the router');
INSERT INTO "facets" VALUES(83,2,'the phone');
INSERT INTO "facets" VALUES(84,1,'which city');
INSERT INTO "facets" VALUES(84,2,'today or this week');
INSERT INTO "facets" VALUES(85,1,'which restaurant or area');
INSERT INTO "facets" VALUES(85,2,'how many people');
INSERT INTO "facets" VALUES(85,3,'what time');
INSERT INTO "facets" VALUES(87,1,'destination country');
INSERT INTO "facets" VALUES(87,2,'type of visa (tourist, work, transit)');
INSERT INTO "facets" VALUES(87,3,'the traveller''s nationality');
INSERT INTO "facets" VALUES(89,1,'the animal');
INSERT INTO "facets" VALUES(89,2,'the car maker');
INSERT INTO "facets" VALUES(89,3,'the Atari console');
INSERT INTO "facets" VALUES(90,1,'tone (calm or stormy)');
INSERT INTO "facets" VALUES(91,1,'the router');
INSERT INTO "facets" VALUES(91,2,'the phone');
INSERT INTO "facets" VALUES(92,1,'which city');
INSERT INTO "facets" VALUES(92,2,'today or this week');
CREATE TABLE flag_history (
    id       INTEGER PRIMARY KEY,
    flag_id  INTEGER NOT NULL REFERENCES flags(id),
    action   TEXT NOT NULL CHECK (action IN ('flag', 'uphold', 'clear', 'withdraw')),
    actor_id INTEGER NOT NULL REFERENCES annotators(id),
    reason   TEXT NOT NULL DEFAULT '',
    at       TEXT NOT NULL
);
INSERT INTO "flag_history" VALUES(1,1,'flag',7,'the results page is empty','2026-11-27T22:50:20.083Z');
CREATE TABLE flags (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    reason       TEXT NOT NULL CHECK (reason IN ('sensitive', 'inappropriate', 'broken', 'other')),
    note         TEXT NOT NULL DEFAULT '',
    at           TEXT NOT NULL
, status TEXT NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'upheld', 'cleared', 'withdrawn')));
INSERT INTO "flags" VALUES(1,2,7,'broken','the results page is empty','2026-11-27T22:50:20.083Z','open');
CREATE TABLE hit_skips (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    action       TEXT NOT NULL CHECK (action IN ('later', 'give back')),
    repeat       INTEGER NOT NULL DEFAULT 0 CHECK (repeat IN (0, 1)),
    at           TEXT NOT NULL
);
CREATE TABLE hits (
    item_id       INTEGER NOT NULL REFERENCES items(id),
    annotator_id  INTEGER NOT NULL REFERENCES annotators(id),
    started_at    TEXT NOT NULL,
    serp_reviewed TEXT,                     -- when Step I was marked reviewed
    finished_at   TEXT, touched_at TEXT, retry INTEGER NOT NULL DEFAULT 0 CHECK (retry IN (0, 1)), too_fast INTEGER NOT NULL DEFAULT 0 CHECK (too_fast IN (0, 1)), done_no INTEGER, rev INTEGER NOT NULL DEFAULT 0, claimed_max INTEGER, later_at TEXT, given_back_at TEXT, shown_seq INTEGER,                     -- NULL while in progress
    PRIMARY KEY (item_id, annotator_id)
) WITHOUT ROWID;
INSERT INTO "hits" VALUES(1,7,'2026-11-27T22:50:19.998Z',NULL,'2026-11-27T22:50:20.003Z','2026-11-27T22:50:20.003Z',0,0,1,6,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(1,8,'2026-11-27T22:50:20.006Z',NULL,'2026-11-27T22:50:20.009Z','2026-11-27T22:50:20.047Z',0,0,1,7,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(2,7,'2026-11-27T22:50:20.026Z',NULL,'2026-11-27T22:50:20.029Z','2026-11-27T22:50:20.029Z',0,0,2,6,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(2,8,'2026-11-27T22:50:20.029Z',NULL,'2026-11-27T22:50:20.031Z','2026-11-27T22:50:20.031Z',0,0,2,6,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(21,2,'2026-11-03T06:00:16.000Z','2026-11-03T06:00:54.000Z','2026-11-03T06:00:54.000Z','2026-11-03T06:00:54.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(21,3,'2026-11-03T06:10:12.000Z','2026-11-03T06:10:37.000Z','2026-11-03T06:10:37.000Z','2026-11-03T06:10:37.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(21,4,'2026-11-03T06:20:11.000Z','2026-11-03T06:20:45.000Z','2026-11-03T06:20:45.000Z','2026-11-03T06:20:45.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(22,2,'2026-11-03T07:00:07.000Z','2026-11-03T07:00:54.000Z','2026-11-03T07:00:54.000Z','2026-11-03T07:00:54.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(22,3,'2026-11-03T07:10:10.000Z','2026-11-03T07:10:54.000Z','2026-11-03T07:10:54.000Z','2026-11-03T07:10:54.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(22,4,'2026-11-03T07:20:15.000Z','2026-11-03T07:21:08.000Z','2026-11-03T07:21:08.000Z','2026-11-03T07:21:08.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(23,2,'2026-11-03T08:00:15.000Z','2026-11-03T08:00:57.000Z','2026-11-03T08:00:57.000Z','2026-11-03T08:00:57.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(23,3,'2026-11-03T08:10:16.000Z','2026-11-03T08:10:55.000Z','2026-11-03T08:10:55.000Z','2026-11-03T08:10:55.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(23,4,'2026-11-03T08:20:04.000Z','2026-11-03T08:20:52.000Z','2026-11-03T08:20:52.000Z','2026-11-03T08:20:52.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(24,2,'2026-11-03T09:00:13.000Z','2026-11-03T09:00:48.000Z','2026-11-03T09:00:48.000Z','2026-11-03T09:00:48.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(24,3,'2026-11-03T09:10:15.000Z','2026-11-03T09:11:05.000Z','2026-11-03T09:11:05.000Z','2026-11-03T09:11:05.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(24,4,'2026-11-03T09:20:15.000Z','2026-11-03T09:21:20.000Z','2026-11-03T09:21:20.000Z','2026-11-03T09:21:20.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(25,2,'2026-11-03T10:00:07.000Z','2026-11-03T10:01:00.000Z','2026-11-03T10:01:00.000Z','2026-11-03T10:01:00.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(25,3,'2026-11-03T10:10:19.000Z','2026-11-03T10:11:22.000Z','2026-11-03T10:11:22.000Z','2026-11-03T10:11:22.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(25,4,'2026-11-03T10:20:08.000Z','2026-11-03T10:21:19.000Z','2026-11-03T10:21:19.000Z','2026-11-03T10:21:19.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(26,2,'2026-11-03T11:00:16.000Z','2026-11-03T11:00:42.000Z','2026-11-03T11:00:42.000Z','2026-11-03T11:00:42.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(26,3,'2026-11-03T11:10:04.000Z','2026-11-03T11:10:53.000Z','2026-11-03T11:10:53.000Z','2026-11-03T11:10:53.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(26,4,'2026-11-03T11:20:13.000Z','2026-11-03T11:20:34.000Z','2026-11-03T11:20:34.000Z','2026-11-03T11:20:34.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(27,2,'2026-11-03T12:00:14.000Z','2026-11-03T12:01:19.000Z','2026-11-03T12:01:19.000Z','2026-11-03T12:01:19.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(27,3,'2026-11-03T12:10:16.000Z','2026-11-03T12:11:21.000Z','2026-11-03T12:11:21.000Z','2026-11-03T12:11:21.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(27,4,'2026-11-03T12:20:13.000Z','2026-11-03T12:21:12.000Z','2026-11-03T12:21:12.000Z','2026-11-03T12:21:12.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(28,2,'2026-11-03T13:00:20.000Z','2026-11-03T13:01:06.000Z','2026-11-03T13:01:06.000Z','2026-11-03T13:01:06.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(28,3,'2026-11-03T13:10:10.000Z','2026-11-03T13:10:55.000Z','2026-11-03T13:10:55.000Z','2026-11-03T13:10:55.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(28,4,'2026-11-03T13:20:17.000Z','2026-11-03T13:20:49.000Z','2026-11-03T13:20:49.000Z','2026-11-03T13:20:49.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(29,2,'2026-11-03T14:00:18.000Z','2026-11-03T14:01:06.000Z','2026-11-03T14:01:06.000Z','2026-11-03T14:01:06.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(29,3,'2026-11-03T14:10:07.000Z','2026-11-03T14:10:57.000Z','2026-11-03T14:10:57.000Z','2026-11-03T14:10:57.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(29,4,'2026-11-03T14:20:18.000Z','2026-11-03T14:21:20.000Z','2026-11-03T14:21:20.000Z','2026-11-03T14:21:20.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(30,2,'2026-11-03T15:00:20.000Z','2026-11-03T15:01:09.000Z','2026-11-03T15:01:09.000Z','2026-11-03T15:01:09.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(30,3,'2026-11-03T15:10:17.000Z','2026-11-03T15:11:09.000Z','2026-11-03T15:11:09.000Z','2026-11-03T15:11:09.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(30,4,'2026-11-03T15:20:14.000Z','2026-11-03T15:21:24.000Z','2026-11-03T15:21:24.000Z','2026-11-03T15:21:24.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(31,2,'2026-11-03T16:00:20.000Z','2026-11-03T16:01:01.000Z','2026-11-03T16:01:01.000Z','2026-11-03T16:01:01.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(31,3,'2026-11-03T16:10:10.000Z','2026-11-03T16:10:44.000Z','2026-11-03T16:10:44.000Z','2026-11-03T16:10:44.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(31,4,'2026-11-03T16:20:05.000Z','2026-11-03T16:20:41.000Z','2026-11-03T16:20:41.000Z','2026-11-03T16:20:41.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(32,2,'2026-11-03T17:00:19.000Z','2026-11-03T17:01:22.000Z','2026-11-03T17:01:22.000Z','2026-11-03T17:01:22.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(32,3,'2026-11-03T17:10:14.000Z','2026-11-03T17:11:24.000Z','2026-11-03T17:11:24.000Z','2026-11-03T17:11:24.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(32,4,'2026-11-03T17:20:07.000Z','2026-11-03T17:21:14.000Z','2026-11-03T17:21:14.000Z','2026-11-03T17:21:14.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(33,2,'2026-11-03T18:00:16.000Z','2026-11-03T18:01:06.000Z','2026-11-03T18:01:06.000Z','2026-11-03T18:01:06.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(33,3,'2026-11-03T18:10:14.000Z','2026-11-03T18:11:00.000Z','2026-11-03T18:11:00.000Z','2026-11-03T18:11:00.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(33,4,'2026-11-03T18:20:03.000Z','2026-11-03T18:20:49.000Z','2026-11-03T18:20:49.000Z','2026-11-03T18:20:49.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(33,5,'2026-11-03T18:30:14.000Z','2026-11-03T18:31:08.000Z','2026-11-03T18:31:08.000Z','2026-11-03T18:31:08.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(33,6,'2026-11-03T18:40:11.000Z','2026-11-03T18:41:01.000Z','2026-11-03T18:41:01.000Z','2026-11-03T18:41:01.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(34,2,'2026-11-03T19:00:04.000Z','2026-11-03T19:00:59.000Z','2026-11-03T19:00:59.000Z','2026-11-03T19:00:59.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(34,3,'2026-11-03T19:10:04.000Z','2026-11-03T19:10:56.000Z','2026-11-03T19:10:56.000Z','2026-11-03T19:10:56.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(34,4,'2026-11-03T19:20:20.000Z','2026-11-03T19:20:46.000Z','2026-11-03T19:20:46.000Z','2026-11-03T19:20:46.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(35,2,'2026-11-03T20:00:19.000Z','2026-11-03T20:00:45.000Z','2026-11-03T20:00:45.000Z','2026-11-03T20:00:45.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(35,3,'2026-11-03T20:10:14.000Z','2026-11-03T20:10:27.000Z','2026-11-03T20:10:27.000Z','2026-11-03T20:10:27.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(35,4,'2026-11-03T20:20:09.000Z','2026-11-03T20:20:35.000Z','2026-11-03T20:20:35.000Z','2026-11-03T20:20:35.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(36,2,'2026-11-03T21:00:15.000Z','2026-11-03T21:00:59.000Z','2026-11-03T21:00:59.000Z','2026-11-03T21:00:59.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(36,3,'2026-11-03T21:10:16.000Z','2026-11-03T21:10:35.000Z','2026-11-03T21:10:35.000Z','2026-11-03T21:10:35.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(36,4,'2026-11-03T21:20:11.000Z','2026-11-03T21:20:52.000Z','2026-11-03T21:20:52.000Z','2026-11-03T21:20:52.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(37,2,'2026-11-03T22:00:18.000Z','2026-11-03T22:01:37.000Z','2026-11-03T22:01:37.000Z','2026-11-03T22:01:37.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(37,3,'2026-11-03T22:10:20.000Z','2026-11-03T22:11:59.000Z','2026-11-03T22:11:59.000Z','2026-11-03T22:11:59.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(37,4,'2026-11-03T22:20:19.000Z','2026-11-03T22:21:16.000Z','2026-11-03T22:21:16.000Z','2026-11-03T22:21:16.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(38,2,'2026-11-03T23:00:10.000Z','2026-11-03T23:01:02.000Z','2026-11-03T23:01:02.000Z','2026-11-03T23:01:02.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(38,3,'2026-11-03T23:10:12.000Z','2026-11-03T23:10:47.000Z','2026-11-03T23:10:47.000Z','2026-11-03T23:10:47.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(38,4,'2026-11-03T23:20:03.000Z','2026-11-03T23:20:52.000Z','2026-11-03T23:20:52.000Z','2026-11-03T23:20:52.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(39,2,'2026-11-04T00:00:18.000Z','2026-11-04T00:00:56.000Z','2026-11-04T00:00:56.000Z','2026-11-04T00:00:56.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(39,3,'2026-11-04T00:10:20.000Z','2026-11-04T00:11:15.000Z','2026-11-04T00:11:15.000Z','2026-11-04T00:11:15.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(39,4,'2026-11-04T00:20:16.000Z','2026-11-04T00:21:02.000Z','2026-11-04T00:21:02.000Z','2026-11-04T00:21:02.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(40,2,'2026-11-04T01:00:14.000Z','2026-11-04T01:00:29.000Z','2026-11-04T01:00:29.000Z','2026-11-04T01:00:29.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(40,3,'2026-11-04T01:10:20.000Z','2026-11-04T01:10:28.000Z','2026-11-04T01:10:28.000Z','2026-11-04T01:10:28.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(40,4,'2026-11-04T01:20:20.000Z','2026-11-04T01:20:39.000Z','2026-11-04T01:20:39.000Z','2026-11-04T01:20:39.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(41,7,'2026-11-27T22:50:20.011Z',NULL,'2026-11-27T22:50:20.015Z','2026-11-27T22:50:20.015Z',0,0,1,6,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(41,8,'2026-11-27T22:50:20.016Z',NULL,'2026-11-27T22:50:20.018Z','2026-11-27T22:50:20.018Z',0,0,1,6,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(42,7,'2026-11-27T22:50:20.033Z',NULL,'2026-11-27T22:50:20.034Z','2026-11-27T22:50:20.034Z',0,0,2,5,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(42,8,'2026-11-27T22:50:20.035Z',NULL,'2026-11-27T22:50:20.037Z','2026-11-27T22:50:20.037Z',0,0,2,5,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(44,2,'2026-11-20T09:01:00.000Z','2026-11-20T09:06:00.000Z','2026-11-20T09:06:00.000Z','2026-11-20T09:06:00.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(44,3,'2026-11-20T10:01:00.000Z','2026-11-20T10:06:00.000Z','2026-11-20T10:06:00.000Z','2026-11-20T10:06:00.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(44,4,'2026-11-20T11:01:00.000Z','2026-11-20T11:06:00.000Z','2026-11-20T11:06:00.000Z','2026-11-20T11:06:00.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(45,2,'2026-11-20T09:11:00.000Z','2026-11-20T09:14:00.000Z','2026-11-20T09:14:00.000Z','2026-11-20T09:14:00.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(45,3,'2026-11-20T10:11:00.000Z','2026-11-20T10:14:00.000Z','2026-11-20T10:14:00.000Z','2026-11-20T10:14:00.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(45,4,'2026-11-20T11:11:00.000Z','2026-11-20T11:14:00.000Z','2026-11-20T11:14:00.000Z','2026-11-20T11:14:00.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(46,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(46,3,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(46,4,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(47,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(47,3,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(47,4,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(48,7,'2026-11-27T22:50:20.044Z',NULL,NULL,'2026-11-27T22:50:20.045Z',0,0,NULL,2,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(48,8,'2026-11-27T22:50:20.045Z',NULL,NULL,'2026-11-27T22:50:20.046Z',0,0,NULL,2,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(50,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(50,3,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(50,4,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(51,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(51,3,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(51,4,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(54,7,'2026-11-27T22:50:20.022Z',NULL,'2026-11-27T22:50:20.022Z','2026-11-27T22:50:20.022Z',0,0,1,2,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(54,8,'2026-11-27T22:50:20.023Z',NULL,'2026-11-27T22:50:20.023Z','2026-11-27T22:50:20.023Z',0,0,1,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(54,9,'2026-11-27T22:50:20.060Z',NULL,'2026-11-27T22:50:20.063Z','2026-11-27T22:50:20.063Z',0,0,1,2,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(55,7,'2026-11-27T22:50:20.040Z',NULL,'2026-11-27T22:50:20.040Z','2026-11-27T22:50:20.040Z',0,0,2,2,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(55,8,'2026-11-27T22:50:20.041Z',NULL,'2026-11-27T22:50:20.041Z','2026-11-27T22:50:20.041Z',0,0,2,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(55,9,'2026-11-27T22:50:20.064Z',NULL,'2026-11-27T22:50:20.065Z','2026-11-27T22:50:20.065Z',0,0,2,2,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(56,8,'2026-11-27T22:50:20.049Z',NULL,'2026-11-27T22:50:20.050Z','2026-11-27T22:50:20.050Z',0,0,3,3,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(56,9,'2026-11-27T22:50:20.067Z',NULL,'2026-11-27T22:50:20.068Z','2026-11-27T22:50:20.068Z',0,0,3,2,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(57,9,'2026-11-27T22:50:20.071Z',NULL,'2026-11-27T22:50:20.072Z','2026-11-27T22:50:20.072Z',0,0,4,2,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(58,2,'2026-11-04T09:00:07.000Z','2026-11-04T09:00:14.000Z','2026-11-04T09:00:14.000Z','2026-11-04T09:00:14.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(58,3,'2026-11-04T09:00:21.000Z','2026-11-04T09:00:28.000Z','2026-11-04T09:00:28.000Z','2026-11-04T09:00:28.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(58,4,'2026-11-04T09:00:35.000Z','2026-11-04T09:00:42.000Z','2026-11-04T09:00:42.000Z','2026-11-04T09:00:42.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(59,2,'2026-11-04T09:00:49.000Z','2026-11-04T09:00:49.000Z','2026-11-04T09:00:49.000Z','2026-11-04T09:00:49.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(59,3,'2026-11-04T09:00:56.000Z','2026-11-04T09:00:56.000Z','2026-11-04T09:00:56.000Z','2026-11-04T09:00:56.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(59,4,'2026-11-04T09:01:03.000Z','2026-11-04T09:01:10.000Z','2026-11-04T09:01:10.000Z','2026-11-04T09:01:10.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(60,2,'2026-11-04T09:01:17.000Z','2026-11-04T09:01:24.000Z','2026-11-04T09:01:24.000Z','2026-11-04T09:01:24.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(60,3,'2026-11-04T09:01:31.000Z','2026-11-04T09:01:38.000Z','2026-11-04T09:01:38.000Z','2026-11-04T09:01:38.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(60,4,'2026-11-04T09:01:45.000Z','2026-11-04T09:01:52.000Z','2026-11-04T09:01:52.000Z','2026-11-04T09:01:52.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(61,2,'2026-11-04T09:01:59.000Z','2026-11-04T09:02:06.000Z','2026-11-04T09:02:06.000Z','2026-11-04T09:02:06.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(61,3,'2026-11-04T09:02:13.000Z','2026-11-04T09:02:20.000Z','2026-11-04T09:02:20.000Z','2026-11-04T09:02:20.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(61,4,'2026-11-04T09:02:27.000Z','2026-11-04T09:02:27.000Z','2026-11-04T09:02:27.000Z','2026-11-04T09:02:27.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(62,7,'2026-11-27T22:50:20.020Z',NULL,'2026-11-27T22:50:20.020Z','2026-11-27T22:50:20.020Z',0,0,1,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(62,8,'2026-11-27T22:50:20.021Z',NULL,'2026-11-27T22:50:20.021Z','2026-11-27T22:50:20.021Z',0,0,1,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(62,9,'2026-11-27T22:50:20.074Z',NULL,'2026-11-27T22:50:20.075Z','2026-11-27T22:50:20.075Z',0,0,1,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(63,7,'2026-11-27T22:50:20.038Z',NULL,'2026-11-27T22:50:20.038Z','2026-11-27T22:50:20.038Z',0,0,2,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(63,8,'2026-11-27T22:50:20.039Z',NULL,'2026-11-27T22:50:20.039Z','2026-11-27T22:50:20.039Z',0,0,2,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(63,9,'2026-11-27T22:50:20.075Z',NULL,'2026-11-27T22:50:20.076Z','2026-11-27T22:50:20.076Z',0,0,2,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(64,9,'2026-11-27T22:50:20.076Z',NULL,'2026-11-27T22:50:20.077Z','2026-11-27T22:50:20.077Z',0,0,3,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(65,9,'2026-11-27T22:50:20.080Z',NULL,'2026-11-27T22:50:20.081Z','2026-11-27T22:50:20.081Z',0,0,4,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(66,2,'2026-11-04T09:02:34.000Z','2026-11-04T09:02:34.000Z','2026-11-04T09:02:34.000Z','2026-11-04T09:02:34.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(66,3,'2026-11-04T09:02:41.000Z','2026-11-04T09:02:41.000Z','2026-11-04T09:02:41.000Z','2026-11-04T09:02:41.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(66,4,'2026-11-04T09:02:48.000Z','2026-11-04T09:02:48.000Z','2026-11-04T09:02:48.000Z','2026-11-04T09:02:48.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(67,2,'2026-11-04T09:02:55.000Z','2026-11-04T09:02:55.000Z','2026-11-04T09:02:55.000Z','2026-11-04T09:02:55.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(67,3,'2026-11-04T09:03:02.000Z','2026-11-04T09:03:02.000Z','2026-11-04T09:03:02.000Z','2026-11-04T09:03:02.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(67,4,'2026-11-04T09:03:09.000Z','2026-11-04T09:03:09.000Z','2026-11-04T09:03:09.000Z','2026-11-04T09:03:09.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(68,2,'2026-11-04T09:03:16.000Z','2026-11-04T09:03:16.000Z','2026-11-04T09:03:16.000Z','2026-11-04T09:03:16.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(68,3,'2026-11-04T09:03:23.000Z','2026-11-04T09:03:23.000Z','2026-11-04T09:03:23.000Z','2026-11-04T09:03:23.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(68,4,'2026-11-04T09:03:30.000Z','2026-11-04T09:03:30.000Z','2026-11-04T09:03:30.000Z','2026-11-04T09:03:30.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(69,2,'2026-11-04T09:03:37.000Z','2026-11-04T09:03:37.000Z','2026-11-04T09:03:37.000Z','2026-11-04T09:03:37.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(69,3,'2026-11-04T09:03:44.000Z','2026-11-04T09:03:44.000Z','2026-11-04T09:03:44.000Z','2026-11-04T09:03:44.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(69,4,'2026-11-04T09:03:51.000Z','2026-11-04T09:03:51.000Z','2026-11-04T09:03:51.000Z','2026-11-04T09:03:51.000Z',0,0,NULL,0,NULL,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(74,7,'2026-11-27T22:50:20.025Z',NULL,NULL,'2026-11-27T22:50:20.025Z',0,0,NULL,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(74,8,'2026-11-27T22:50:20.025Z',NULL,NULL,'2026-11-27T22:50:20.025Z',0,0,NULL,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(75,7,'2026-11-27T22:50:20.042Z',NULL,NULL,'2026-11-27T22:50:20.042Z',0,0,NULL,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(75,8,'2026-11-27T22:50:20.043Z',NULL,NULL,'2026-11-27T22:50:20.043Z',0,0,NULL,1,5,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(77,7,'2026-11-27T22:50:20.052Z',NULL,'2026-11-27T22:50:20.053Z','2026-11-27T22:50:20.053Z',0,0,1,2,2,NULL,NULL,NULL);
INSERT INTO "hits" VALUES(85,8,'2026-11-27T22:50:20.054Z',NULL,'2026-11-27T22:50:20.054Z','2026-11-27T22:50:20.054Z',0,0,1,1,5,NULL,NULL,NULL);
CREATE TABLE images (
    item_id  INTEGER NOT NULL REFERENCES items(id),
    turn     INTEGER NOT NULL,
    pos      INTEGER NOT NULL CHECK (pos >= 1),
    src      TEXT NOT NULL,              -- as written in the file
    location TEXT NOT NULL,              -- absolute path, or the URL
    preview  BLOB,                       -- PNG, at most 64 x 64 pixels
    problem  TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (item_id, turn, pos),
    FOREIGN KEY (item_id, turn) REFERENCES turns (item_id, turn)
) WITHOUT ROWID;
INSERT INTO "images" VALUES(41,1,1,'lighthouse.png','/tmp/prevfix1876017423/claritty-demo/lighthouse.png',X'89504e470d0a1a0a0000000d49484452000000400000002a08020000008c64cab50000017b49444154789cec583b4e03410c1d7b5d848e120a24a0078a1c201ddb90024ec0afa6e006941c2139020740a242a24f45cb364442490a04052091dd2c828a62082bcd1b8f8c78a535f2b3d7f3e23791938b076719c29cba84300853ea12c2204cb63b90cc76fd4e08ad81b556b1da2ae69fb97eda46d14986be42eb0b4567f16afe999be71c45871771930f02248dd040833340523abb1cc3927d437edaf1c68bfce02edf071269ef01827efe2f11eb7640e4b08ca2ec243e27004d18cb0b6d0c06def8db707a3f7c0712695b09268765d476a3440ecb68ff5728d2159af4fbdef8cbd2262f6f0189624d60dceb79e3af3b87dc853690a96b00cb28ac2b0226c232c65a643fed01372a27a31248a46d2598086c25b49fc4d4e8c1d01cda2266bc88e38ce0b6ddf6c61f778f79ef0848a4be8909bf8991e97e45042ba1fea041ef01e3578856bae7c87cea90ba9aa6ae210852cf8c37e02aa433d187d4ff0da4857d11bb5995ba8620fc8109d8d780f5064ae43f95faf8080000ffff641c49788b43b40d0000000049454e44ae426082','');
INSERT INTO "images" VALUES(41,2,1,'lighthouse.png','/tmp/prevfix1876017423/claritty-demo/lighthouse.png',X'89504e470d0a1a0a0000000d49484452000000400000002a08020000008c64cab50000017b49444154789cec583b4e03410c1d7b5d848e120a24a0078a1c201ddb90024ec0afa6e006941c2139020740a242a24f45cb364442490a04052091dd2c828a62082bcd1b8f8c78a535f2b3d7f3e23791938b076719c29cba84300853ea12c2204cb63b90cc76fd4e08ad81b556b1da2ae69fb97eda46d14986be42eb0b4567f16afe999be71c45871771930f02248dd040833340523abb1cc3927d437edaf1c68bfce02edf071269ef01827efe2f11eb7640e4b08ca2ec243e27004d18cb0b6d0c06def8db707a3f7c0712695b09268765d476a3440ecb68ff5728d2159af4fbdef8cbd2262f6f0189624d60dceb79e3af3b87dc853690a96b00cb28ac2b0226c232c65a643fed01372a27a31248a46d2598086c25b49fc4d4e8c1d01cda2266bc88e38ce0b6ddf6c61f778f79ef0848a4be8909bf8991e97e45042ba1fea041ef01e3578856bae7c87cea90ba9aa6ae210852cf8c37e02aa433d187d4ff0da4857d11bb5995ba8620fc8109d8d780f5064ae43f95faf8080000ffff641c49788b43b40d0000000049454e44ae426082','');
INSERT INTO "images" VALUES(41,2,2,'https://example.org/lighthouses/brittany.jpg','https://example.org/lighthouses/brittany.jpg',NULL,'');
INSERT INTO "images" VALUES(42,1,1,'apple.png','/tmp/prevfix1876017423/claritty-demo/apple.png',X'89504e470d0a1a0a0000000d49484452000000400000002a08020000008c64cab50000020a49444154789cec9841afd24010c757f38e1ee0c5035e0c798a1e7ca1b6b2fd066a8c274f9a68c2c9282d7e0abf426d97a389174f1c3cf1054c8402826834c8c5d880073541f062d231b089218a49dd99529bd7ff8104b2b3333f66a6dbd9bde572c9d2ace3490780550690b43280a4b517b7831b8faf6e7e6d565bb4fb1f8bf531faf0f6a5de95937ffe7e58281f1634c6d84ded0ed245ec19d8aad16c389a0d490062ef815393ef27befe886fff5d00dc3d7dab596d9157bfd44e4be817c3d3c113aa3de36ae2e7650d80016321003006c08a76ad68d5c81d51027cf3fdb9ef7ff444b80a1d7e03000621b01ce779931fd8642494001dede22ad655d07f05900b0eecda19db22714ad30353d1088488be7ee2b8c0d83ee7fb2647baa6790a4dff257aa9f78efba5ddc1bbc6022cbaddbe6ea8d98e9d4763c7450680ed8197bab12e7108d79f117b60737da96e97eaeafd80cac0a74603632ef5f9451b638e02989100e03a411d80e4ef977a76fe82b26dea079a0c20696500492bf500a893786018f2b8c59cc400ecfabbd7ca31a43e032800add7c34770ee818d31c766a070ff1e7207cc9b1ccd44d6d70de51eb8f656bdfaa5087a40ef2b1652a98e2a1e299a9978e177e7be1f785ec40ce4792567f2b3146331e5501f081178220ac0e537afa89cd2df0b05427c70c55680a265e54c9ee7154277f1de4eef4047fb20fb1f940124ad9f010000ffffb3d46b52ccee8f440000000049454e44ae426082','');
INSERT INTO "images" VALUES(42,2,1,'orchard.png','/tmp/prevfix1876017423/claritty-demo/orchard.png',X'89504e470d0a1a0a0000000d49484452000000400000002a08020000008c64cab50000036e49444154789cec984f48dc5a14c6cfcd4484b7f1f1328b37baf02ddefc798b37f3509f0b19e8aaad2242bbaecea2aeda454190da7d375d14dcb548b1053bba10a10b11a12d48cbd416c1d699b418b5e28cd419d4a44e5c9416a994188d776e726f729dc574ca7c0489b9e777be736e92c94dc41b9379a866898250e912ca9328a04a97509e4401557707a2afbaeb071155fb3de0abf64be817b8892b5d427912057a076a31a3ea3200ace4925243d4ff7b140022cd57bce45572e366064dcf849b7b01c0dff0af99c10b689a9a20db14dd9edd761c78f2a28bc644feeafd879e713937ae6493b4d1cbe76669436c531a28f80464df52e921868d924d2ab971475061560f00a9f49023a8e932a37ab3374d97eda0b19220b6a9b9cedd628691cb98e66c72399b2440f3201bdc2d66a6e63aeda62f976eb241388ab183822000beedea2ea55bfab0912459b7b64fdbd033383839d7e9d5344b9a0a0242f8a616658fb98cebaf94ddd9f3da805a9471d0bba3316ba5a6e419e07aac4d3cbf6881f286cbc5836b672f6d81ef794063d64a0b269f03bccf650b97d71f7ba7b6f7321678664753e46a94962da87e1f487d33f787e3f56b7edf49ba63e2bfbffb963e3af73090fa1a540f016026523713a903803fff885a20a3fe6ee5a05b39c041dcf1f85f0101bed1e623745401b17fb5eba905b604fb6875044fe2cd6a002020c5bc80567c49c5a5058bbed2d568a3147bb7e63091d60458fb01294ab001295ad01ceee3e1787d483d5cf50bd6796b946238db12ea7bbbea607afdd26fd619b022095334f24ab39323d3e7ed0709f574dc6d9462f891bc969e9e1f7405dbc289d61039ebd3f383792dcd065b4389b63009a2074e0d00c07d660fd77a9ed186d8605b38f1bfadfa721cd1c3d79f69ccc2cad88232861f69f2c79afcb1f67082e164825b6a7a4b2d99d1f648c21534282d4d98b647124d92e1ebdcc0a337d4064c69a95135356aee876fcdb38309addce930d6a1f17e29deef9de272246f62bbf0df25d7605a062e90cbd1fdab04c202cef6090371ae17b81cdddfc8f0f1b3bdbe214e90cbd1430388231d2d035f033c8eac57cae374d8be6b302d0317c8e558fd6760f1d3844bc8fee91b827bb0930afb72810be4711417375d2202fa978095ce2d9850cbd1dfbc2e1736d7bd535c8ee8c2bd38574d3f9baafccb68ad81caabd640a5556ba0d2aa355069fd080000ffff588f1fc1d9644d040000000049454e44ae426082','');
INSERT INTO "images" VALUES(43,1,1,'mountain.png','/tmp/prevfix1876017423/claritty-demo/mountain.png',X'89504e470d0a1a0a0000000d49484452000000400000002a08020000008c64cab50000036149444154789c62c95bf58c6128031626a68176026580858971a09d40196061621cda3e60611edaee676061c491071c05762972de51e0b80b17d9ffdefdc10fe5fb3f94e9e73a22000b33b62454af508429e828b8938181a1f1411f5d1c462c606262644043585d0f07f50a458a9c7731750d1422a71452e4b8f3f8e76049482c4ca4fb809191910c5d3402589250e7d37efc7a8e7e761ff094834842ccd8c272e5db9c70e12998e2c7be781cfbecc14c7ae56d2ec72ac3cffce4e3df938f7e93ac192f60ecd8f90abf8a22c902060686bee713c8b6c35c8ecd4c8e15c23ef5e8f7c947bfc8360a133076ed26e0010a81a92c9b992c2bb2c8a9c7bf4f3fa69a1f68db94c8b4e482b30f1d3a6e6767c9c0c06026cbcac4c870fa3175d212ad5aa3527cccbe9aec10f6c3874f162d5a0961cbcbcbcacbcb98c880e2e4ec532af88171c2fed7949b820952cd1061dfdcdc8b2c555b5b0c67cf3ef58d428b18271d7843a11168409297c94b034bd82383b8b870797919087bdb8d9fcf3fff23db3ac62907a9ec8144134e08032de0d100723ccc3ff39d6ceb18a71fa69a07dcd5d8c579a0596ad1a2550f1f3ec6af1e391e76defaf5f2cb5f322c659c79f42d19dad080380f93ab0a1b848d2bd9e002c8ded87de7d7cb2fa425275021443982bb1e1cf624b81e4dbdab0a1ba95633ce3bfe8e24fbd080b638b38e380b847de8d0f183078f91670e723cecbbfbfbf55762e38171fe09f23d10a6cb0e67e3cfb2c400e46cbdeaf24f2275312e3a45a607ec14d844b9a1b53831599618202f2f1b171706615f7bf5f7faeb3f04b5302e39fd9e0c9b02b510899ef2b04703c851b1fe1a81561396fe004164ab006d9c1d3a747cd1a255d4753d243ee16c5b0556fc8e615c7196841850176156136186bb9eec2c4b0c408e87cd3770c603e3aaf31f8834515598494d984eae87e4070505594803f6edf7ff6fbffdbbfd164bd1446ca75e55985945085acbd2c1f5e00af131a460b0b3b314e66414e664666264bcfd16bdb626ca03ca42f4763d1c40ec82c403c40d77dfa1f8817087c6559905cea67a81430c40f3031323c3dd7788b4c482a7872ec0c16824094df4a4b670a80b207e80748694044189e6fe07a81ff015a370d793d1c2a13a3878f018dc0d8a824c4e8a2cd062d46d9acdc0ba8c4230c4e767463d30f060d403030d463d30d000100000ffffa1d91129808001140000000049454e44ae426082','');
INSERT INTO "images" VALUES(43,2,1,'mountain.png','/tmp/prevfix1876017423/claritty-demo/mountain.png',X'89504e470d0a1a0a0000000d49484452000000400000002a08020000008c64cab50000036149444154789c62c95bf58c6128031626a68176026580858971a09d40196061621cda3e60611edaee676061c491071c05762972de51e0b80b17d9ffdefdc10fe5fb3f94e9e73a22000b33b62454af508429e828b8938181a1f1411f5d1c462c606262644043585d0f07f50a458a9c7731750d1422a71452e4b8f3f8e76049482c4ca4fb809191910c5d3402589250e7d37efc7a8e7e761ff094834842ccd8c272e5db9c70e12998e2c7be781cfbecc14c7ae56d2ec72ac3cffce4e3df938f7e93ac192f60ecd8f90abf8a22c902060686bee713c8b6c35c8ecd4c8e15c23ef5e8f7c947bfc8360a133076ed26e0010a81a92c9b992c2bb2c8a9c7bf4f3fa69a1f68db94c8b4e482b30f1d3a6e6767c9c0c06026cbcac4c870fa3175d212ad5aa3527cccbe9aec10f6c3874f162d5a0961cbcbcbcacbcb98c880e2e4ec532af88171c2fed7949b820952cd1061dfdcdc8b2c555b5b0c67cf3ef58d428b18271d7843a11168409297c94b034bd82383b8b870797919087bdb8d9fcf3fff23db3ac62907a9ec8144134e08032de0d100723ccc3ff39d6ceb18a71fa69a07dcd5d8c579a0596ad1a2550f1f3ec6af1e391e76defaf5f2cb5f322c659c79f42d19dad080380f93ab0a1b848d2bd9e002c8ded87de7d7cb2fa425275021443982bb1e1cf624b81e4dbdab0a1ba95633ce3bfe8e24fbd080b638b38e380b847de8d0f183078f91670e723cecbbfbfbf55762e38171fe09f23d10a6cb0e67e3cfb2c400e46cbdeaf24f2275312e3a45a607ec14d844b9a1b53831599618202f2f1b171706615f7bf5f7faeb3f04b5302e39fd9e0c9b02b510899ef2b04703c851b1fe1a81561396fe004164ab006d9c1d3a747cd1a255d4753d243ee16c5b0556fc8e615c7196841850176156136186bb9eec2c4b0c408e87cd3770c603e3aaf31f8834515598494d984eae87e4070505594803f6edf7ff6fbffdbbfd164bd1446ca75e55985945085acbd2c1f5e00af131a460b0b3b314e66414e664666264bcfd16bdb626ca03ca42f4763d1c40ec82c403c40d77dfa1f8817087c6559905cea67a81430c40f3031323c3dd7788b4c482a7872ec0c16824094df4a4b670a80b207e80748694044189e6fe07a81ff015a370d793d1c2a13a3878f018dc0d8a824c4e8a2cd062d46d9acdc0ba8c4230c4e767463d30f060d403030d463d30d000100000ffffa1d91129808001140000000049454e44ae426082','');
INSERT INTO "images" VALUES(43,2,2,'hut.png','/tmp/prevfix1876017423/claritty-demo/hut.png',X'89504e470d0a1a0a0000000d49484452000000400000002a08020000008c64cab5000001d449444154789c62c95bf58c6128031626a68176026580858971a09d40196061621cda3e60611edaee6760611cea798079a827a161908907da09940116a621ee83a11f03cc43dc072c43bc14a5715b487edb7c0606860faa861f550d686405ad9a1272dbe6cb6d9b0761cb6f0779e3c894c3b4b088b16fdf6bea9ac877eb3cffad0bb230d72383c75e498f7d12a96b1de384fdd4f48045a62d32f78977d2139f4434c113d3a919158c930ebca18a41d29be7f1de3ecf77eb3c84fbcc27e9894f125c5666cb3cde5be77961b24fbd939efa2651c55ec62907a9e00193741b64ee9999478851f6cc27e919c5de609c7e98220f486c9a27b9199adcbfa81b7e51337cee87cf4d3c37cff3de3c2f01d3f2dc3709a44bdd906c0730ce3cfa963c9d121be7896f9a0b617f0539c2e8853fb1c1c973f33ccf8df370ed0c0c0c17e71e25cf198cb3c9f5000408bd3b28f8f6002526dc55ada7443ba54d09ca2b110a1dc042613d46793548a1092ccc94352528f700850ea0b429c18843fbae0dbbd044943594953594315552e8004afb0394e7010a1d40b10728f601c51e18e8528842070c831818fa1ea0300951ea034a4ba1a15e0f307efdfa9552270c2818ea8312a31e187030ea818106a31e186830e43d00080000ffff72196c4028b7f8ac0000000049454e44ae426082','');
INSERT INTO "images" VALUES(43,3,1,'hut.png','/tmp/prevfix1876017423/claritty-demo/hut.png',X'89504e470d0a1a0a0000000d49484452000000400000002a08020000008c64cab5000001d449444154789c62c95bf58c6128031626a68176026580858971a09d40196061621cda3e60611edaee6760611cea798079a827a161908907da09940116a621ee83a11f03cc43dc072c43bc14a5715b487edb7c0606860faa861f550d686405ad9a1272dbe6cb6d9b0761cb6f0779e3c894c3b4b088b16fdf6bea9ac877eb3cffad0bb230d72383c75e498f7d12a96b1de384fdd4f48045a62d32f78977d2139f4434c113d3a919158c930ebca18a41d29be7f1de3ecf77eb3c84fbcc27e9894f125c5666cb3cde5be77961b24fbd939efa2651c55ec62907a9e00193741b64ee9999478851f6cc27e919c5de609c7e98220f486c9a27b9199adcbfa81b7e51337cee87cf4d3c37cff3de3c2f01d3f2dc3709a44bdd906c0730ce3cfa963c9d121be7896f9a0b617f0539c2e8853fb1c1c973f33ccf8df370ed0c0c0c17e71e25cf198cb3c9f5000408bd3b28f8f6002526dc55ada7443ba54d09ca2b110a1dc042613d46793548a1092ccc94352528f700850ea0b429c18843fbae0dbbd044943594953594315552e8004afb0394e7010a1d40b10728f601c51e18e8528842070c831818fa1ea0300951ea034a4ba1a15e0f307efdfa9552270c2818ea8312a31e187030ea818106a31e186830e43d00080000ffff72196c4028b7f8ac0000000049454e44ae426082','');
INSERT INTO "images" VALUES(44,1,1,'skyline.png','/tmp/prevfix1876017423/claritty-demo/skyline.png',X'89504e470d0a1a0a0000000d49484452000000400000002a08020000008c64cab5000001b749444154789cec57414bf340109dd9ddf2c1e7a108a51e9416c5839740f1a03fc08b07cf1e84fe04fd75fe9c42f12045b1940a8aa5d115092c25ce6c3bedc6644b1e7b282f8f976ce64d666b9aad5388190601cb7e868d6014aab29f612318c4ba02a522fe1ed0b14728fa0ac4df038122846642f236dd0de2cf2158052cc3175d6185804116009c273b8bd67737ed9fca04f2b77a7cd6fbb07aecd66d5f5b3dc6a3838b206f2255cf246fbedac5fa733d30c727926fd83dd18d8b9ef4e21e285a2f05db032ed32ed9fe4c3bc75c2770fa198cb2d54b5eddef198cc4fe27dd4b7267eff691e4ffe37ea5f4e2495c35bdd2482fa7c892030083fb04003cfa4c29d53baca7c7e4f08adcd9f4f381e49bba2bd2ffc326c9cfec34887fe15f21ee4143f9ab493acc56fffacdfd9ea443ae640a15b938bd432e5a5ce496fae7f4d8e924a21db71ac724ff321f887c42f91be90d8a1e4cd217a1b84398437e7030e0f4527f8f9e1eacd208550d71ff1ddb960d90d9f2f08b573dccdfe8eb1e281bc4a12dc7ac3841d7e0fdf775f0ebeb08950df1245e5dbff46b1684af235436b668031599acbfafd63d506d080e730e15895686ef000000ffff189fc39c38d2fdca0000000049454e44ae426082','');
INSERT INTO "images" VALUES(44,3,1,'skyline.png','/tmp/prevfix1876017423/claritty-demo/skyline.png',X'89504e470d0a1a0a0000000d49484452000000400000002a08020000008c64cab5000001b749444154789cec57414bf340109dd9ddf2c1e7a108a51e9416c5839740f1a03fc08b07cf1e84fe04fd75fe9c42f12045b1940a8aa5d115092c25ce6c3bedc6644b1e7b282f8f976ce64d666b9aad5388190601cb7e868d6014aab29f612318c4ba02a522fe1ed0b14728fa0ac4df038122846642f236dd0de2cf2158052cc3175d6185804116009c273b8bd67737ed9fca04f2b77a7cd6fbb07aecd66d5f5b3dc6a3838b206f2255cf246fbedac5fa733d30c727926fd83dd18d8b9ef4e21e285a2f05db032ed32ed9fe4c3bc75c2770fa198cb2d54b5eddef198cc4fe27dd4b7267eff691e4ffe37ea5f4e2495c35bdd2482fa7c892030083fb04003cfa4c29d53baca7c7e4f08adcd9f4f381e49bba2bd2ffc326c9cfec34887fe15f21ee4143f9ab493acc56fffacdfd9ea443ae640a15b938bd432e5a5ce496fae7f4d8e924a21db71ac724ff321f887c42f91be90d8a1e4cd217a1b84398437e7030e0f4527f8f9e1eacd208550d71ff1ddb960d90d9f2f08b573dccdfe8eb1e281bc4a12dc7ac3841d7e0fdf775f0ebeb08950df1245e5dbff46b1684af235436b668031599acbfafd63d506d080e730e15895686ef000000ffff189fc39c38d2fdca0000000049454e44ae426082','');
INSERT INTO "images" VALUES(45,1,1,'orchard.png','/tmp/prevfix1876017423/claritty-demo/orchard.png',X'89504e470d0a1a0a0000000d49484452000000400000002a08020000008c64cab50000036e49444154789cec984f48dc5a14c6cfcd4484b7f1f1328b37baf02ddefc798b37f3509f0b19e8aaad2242bbaecea2aeda454190da7d375d14dcb548b1053bba10a10b11a12d48cbd416c1d699b418b5e28cd419d4a44e5c9416a994188d776e726f729dc574ca7c0489b9e777be736e92c94dc41b9379a866898250e912ca9328a04a97509e4401557707a2afbaeb071155fb3de0abf64be817b8892b5d427912057a076a31a3ea3200ace4925243d4ff7b140022cd57bce45572e366064dcf849b7b01c0dff0af99c10b689a9a20db14dd9edd761c78f2a28bc644feeafd879e713937ae6493b4d1cbe76669436c531a28f80464df52e921868d924d2ab971475061560f00a9f49023a8e932a37ab3374d97eda0b19220b6a9b9cedd628691cb98e66c72399b2440f3201bdc2d66a6e63aeda62f976eb241388ab183822000beedea2ea55bfab0912459b7b64fdbd033383839d7e9d5344b9a0a0242f8a616658fb98cebaf94ddd9f3da805a9471d0bba3316ba5a6e419e07aac4d3cbf6881f286cbc5836b672f6d81ef794063d64a0b269f03bccf650b97d71f7ba7b6f7321678664753e46a94962da87e1f487d33f787e3f56b7edf49ba63e2bfbffb963e3af73090fa1a540f016026523713a903803fff885a20a3fe6ee5a05b39c041dcf1f85f0101bed1e623745401b17fb5eba905b604fb6875044fe2cd6a002020c5bc80567c49c5a5058bbed2d568a3147bb7e63091d60458fb01294ab001295ad01ceee3e1787d483d5cf50bd6796b946238db12ea7bbbea607afdd26fd619b022095334f24ab39323d3e7ed0709f574dc6d9462f891bc969e9e1f7405dbc289d61039ebd3f383792dcd065b4389b63009a2074e0d00c07d660fd77a9ed186d8605b38f1bfadfa721cd1c3d79f69ccc2cad88232861f69f2c79afcb1f67082e164825b6a7a4b2d99d1f648c21534282d4d98b647124d92e1ebdcc0a337d4064c69a95135356aee876fcdb38309addce930d6a1f17e29deef9de272246f62bbf0df25d7605a062e90cbd1fdab04c202cef6090371ae17b81cdddfc8f0f1b3bdbe214e90cbd1430388231d2d035f033c8eac57cae374d8be6b302d0317c8e558fd6760f1d3844bc8fee91b827bb0930afb72810be4711417375d2202fa978095ce2d9850cbd1dfbc2e1736d7bd535c8ee8c2bd38574d3f9baafccb68ad81caabd640a5556ba0d2aa355069fd080000ffff588f1fc1d9644d040000000049454e44ae426082','');
CREATE TABLE intents (
    id            INTEGER PRIMARY KEY,
    dataset_id    INTEGER NOT NULL REFERENCES datasets(id),
    uid           TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    query         TEXT NOT NULL,
    blurred_query TEXT NOT NULL DEFAULT '',
    fingerprint   TEXT NOT NULL,
    UNIQUE (dataset_id, uid)
);
INSERT INTO "intents" VALUES(1,3,'ct-001',1,'When did the Golden Gate Bridge open to traffic, who was its chief engineer, and how long is its main span?','golden gate bridge facts','a33c894a833efc5011ba046d20b71c59');
INSERT INTO "intents" VALUES(2,3,'ct-002',2,'How much caffeine is in a shot of espresso compared with a cup of drip coffee?','caffeine in coffee','76002dc9dcd3a5e2c09cbadb4ccf5f30');
INSERT INTO "intents" VALUES(3,3,'ct-003',3,'What are the entry requirements for a Schengen short-stay visa for a tourist from India?','schengen visa','4f093c7dee1cbcd54039aace09fb8e95');
INSERT INTO "intents" VALUES(4,3,'ct-004',4,'How do I keep a sourdough starter alive while on holiday for two weeks?','sourdough starter','533110e2be0a9a59124c1e3deafd4aa5');
CREATE TABLE item_rows (
    item_id INTEGER NOT NULL REFERENCES items(id),
    pos     INTEGER NOT NULL CHECK (pos >= 1),
    line    TEXT NOT NULL, element INTEGER CHECK (element IS NULL OR element >= 1),
    PRIMARY KEY (item_id, pos)
) WITHOUT ROWID;
INSERT INTO "item_rows" VALUES(71,1,'301	find me sun tickets	the intent	3	F1	facet F1	Q1	which sun?	the band
',1);
INSERT INTO "item_rows" VALUES(74,1,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00101	do you mean X number 1?	no, F0001
',1);
INSERT INTO "item_rows" VALUES(74,2,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00102	do you mean X number 2?	no, F0001
',2);
INSERT INTO "item_rows" VALUES(74,3,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00103	do you mean X number 3?	no, F0001
',3);
INSERT INTO "item_rows" VALUES(74,4,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00104	do you mean X number 4?	no, F0001
',4);
INSERT INTO "item_rows" VALUES(74,5,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00105	do you mean X number 5?	no, F0001
',5);
INSERT INTO "item_rows" VALUES(74,6,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00106	do you mean X number 6?	no, F0001
',6);
INSERT INTO "item_rows" VALUES(74,7,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00107	do you mean X number 7?	no, F0001
',7);
INSERT INTO "item_rows" VALUES(74,8,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00108	do you mean X number 8?	no, F0001
',8);
INSERT INTO "item_rows" VALUES(74,9,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00109	do you mean X number 9?	no, F0001
',9);
INSERT INTO "item_rows" VALUES(74,10,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00110	do you mean X number 10?	no, F0001
',10);
INSERT INTO "item_rows" VALUES(74,11,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00111	do you mean X number 11?	no, F0001
',11);
INSERT INTO "item_rows" VALUES(74,12,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00112	do you mean X number 12?	no, F0001
',12);
INSERT INTO "item_rows" VALUES(74,13,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00113	do you mean X number 13?	no, F0001
',13);
INSERT INTO "item_rows" VALUES(74,14,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00114	do you mean X number 14?	no, F0001
',14);
INSERT INTO "item_rows" VALUES(74,15,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00115	do you mean X number 15?	no, F0001
',15);
INSERT INTO "item_rows" VALUES(74,16,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00116	do you mean X number 16?	no, F0001
',16);
INSERT INTO "item_rows" VALUES(74,17,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00117	do you mean X number 17?	no, F0001
',17);
INSERT INTO "item_rows" VALUES(74,18,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00118	do you mean X number 18?	no, F0001
',18);
INSERT INTO "item_rows" VALUES(74,19,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00119	do you mean X number 19?	no, F0001
',19);
INSERT INTO "item_rows" VALUES(74,20,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00120	do you mean X number 20?	no, F0001
',20);
INSERT INTO "item_rows" VALUES(74,21,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00121	do you mean X number 21?	no, F0001
',21);
INSERT INTO "item_rows" VALUES(74,22,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00122	do you mean X number 22?	no, F0001
',22);
INSERT INTO "item_rows" VALUES(74,23,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00123	do you mean X number 23?	no, F0001
',23);
INSERT INTO "item_rows" VALUES(74,24,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00124	do you mean X number 24?	no, F0001
',24);
INSERT INTO "item_rows" VALUES(74,25,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00125	do you mean X number 25?	no, F0001
',25);
INSERT INTO "item_rows" VALUES(74,26,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00126	do you mean X number 26?	no, F0001
',26);
INSERT INTO "item_rows" VALUES(74,27,'201	"Find the ""X""."	the person''s intent	2	F0001	facet F0001	Q00127	do you mean X number 27?	no, F0001
',27);
INSERT INTO "item_rows" VALUES(74,28,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00101	do you mean X number 1?	no, F0002
',1);
INSERT INTO "item_rows" VALUES(74,29,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00102	do you mean X number 2?	no, F0002
',2);
INSERT INTO "item_rows" VALUES(74,30,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00103	do you mean X number 3?	no, F0002
',3);
INSERT INTO "item_rows" VALUES(74,31,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00104	do you mean X number 4?	no, F0002
',4);
INSERT INTO "item_rows" VALUES(74,32,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00105	do you mean X number 5?	no, F0002
',5);
INSERT INTO "item_rows" VALUES(74,33,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00106	do you mean X number 6?	no, F0002
',6);
INSERT INTO "item_rows" VALUES(74,34,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00107	do you mean X number 7?	no, F0002
',7);
INSERT INTO "item_rows" VALUES(74,35,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00108	do you mean X number 8?	no, F0002
',8);
INSERT INTO "item_rows" VALUES(74,36,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00109	do you mean X number 9?	no, F0002
',9);
INSERT INTO "item_rows" VALUES(74,37,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00110	do you mean X number 10?	no, F0002
',10);
INSERT INTO "item_rows" VALUES(74,38,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00111	do you mean X number 11?	no, F0002
',11);
INSERT INTO "item_rows" VALUES(74,39,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00112	do you mean X number 12?	no, F0002
',12);
INSERT INTO "item_rows" VALUES(74,40,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00113	do you mean X number 13?	no, F0002
',13);
INSERT INTO "item_rows" VALUES(74,41,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00114	do you mean X number 14?	no, F0002
',14);
INSERT INTO "item_rows" VALUES(74,42,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00115	do you mean X number 15?	no, F0002
',15);
INSERT INTO "item_rows" VALUES(74,43,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00116	do you mean X number 16?	no, F0002
',16);
INSERT INTO "item_rows" VALUES(74,44,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00117	do you mean X number 17?	no, F0002
',17);
INSERT INTO "item_rows" VALUES(74,45,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00118	do you mean X number 18?	no, F0002
',18);
INSERT INTO "item_rows" VALUES(74,46,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00119	do you mean X number 19?	no, F0002
',19);
INSERT INTO "item_rows" VALUES(74,47,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00120	do you mean X number 20?	no, F0002
',20);
INSERT INTO "item_rows" VALUES(74,48,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00121	do you mean X number 21?	no, F0002
',21);
INSERT INTO "item_rows" VALUES(74,49,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00122	do you mean X number 22?	no, F0002
',22);
INSERT INTO "item_rows" VALUES(74,50,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00123	do you mean X number 23?	no, F0002
',23);
INSERT INTO "item_rows" VALUES(74,51,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00124	do you mean X number 24?	no, F0002
',24);
INSERT INTO "item_rows" VALUES(74,52,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00125	do you mean X number 25?	no, F0002
',25);
INSERT INTO "item_rows" VALUES(74,53,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00126	do you mean X number 26?	no, F0002
',26);
INSERT INTO "item_rows" VALUES(74,54,'201	"Find the ""X""."	the person''s intent	2	F0002	facet F0002	Q00127	do you mean X number 27?	no, F0002
',27);
INSERT INTO "item_rows" VALUES(75,1,'202	dinosaurs	the person''s intent	1	F0003	facet F0003	Q00201	which dinosaur 1?	
',1);
INSERT INTO "item_rows" VALUES(75,2,'202	dinosaurs	the person''s intent	1	F0003	facet F0003	Q00202	which dinosaur 2?	
',2);
INSERT INTO "item_rows" VALUES(75,3,'202	dinosaurs	the person''s intent	1	F0003	facet F0003	Q00203	which dinosaur 3?	
',3);
INSERT INTO "item_rows" VALUES(76,1,'203	tell me about sun	the person''s intent	4	F0004	facet F0004	Q00301	the star or the newspaper?	the star
',1);
INSERT INTO "item_rows" VALUES(76,2,'203	tell me about sun	the person''s intent	4	F0005	facet F0005	Q00302	do you want its size?	yes
',2);
CREATE TABLE "items" (
    id         INTEGER PRIMARY KEY,
    dataset_id INTEGER NOT NULL REFERENCES datasets(id),
    uid        TEXT NOT NULL,
    seq        INTEGER NOT NULL,            -- import order within the dataset
    query      TEXT NOT NULL,
    question   TEXT NOT NULL,
    option_1   TEXT NOT NULL DEFAULT '',
    option_2   TEXT NOT NULL DEFAULT '',
    option_3   TEXT NOT NULL DEFAULT '',
    option_4   TEXT NOT NULL DEFAULT '',
    option_5   TEXT NOT NULL DEFAULT '',
    meta       TEXT NOT NULL DEFAULT '{}'   -- JSON: click signals and the like
, finished INTEGER NOT NULL DEFAULT 0, tied INTEGER NOT NULL DEFAULT 0, open INTEGER NOT NULL DEFAULT 1, free INTEGER CHECK (free IS NULL OR free IN (0, 1)), patterns TEXT NOT NULL DEFAULT '', parts_by TEXT NOT NULL DEFAULT '', list_len INTEGER CHECK (list_len IS NULL OR list_len > 5), route TEXT CHECK (route IS NULL OR route IN ('judge', 'audit')));
INSERT INTO "items" VALUES(1,1,'c47950bdbed9465e',1,'new caledonia','What would you like to know about this place?','new caledonia travel','new caledonia map','new caledonia language','new caledonia currency','','{}',2,3,1,1,'question 0 0 2 0 0 0,answer_set 0 0 2 0 0 0,landing_1 1 0 1 0 0 0,landing_2 0 1 1 0 0 0,landing_3 0 0 2 0 0 0,landing_4 1 0 1 0 0 0','0 7 8',NULL,NULL);
INSERT INTO "items" VALUES(2,1,'c320a892e7ebc569',2,'sourdough starter','What do you want to do with sourdough starter?','make','feed','store','revive','','{}',2,4,1,1,'question 0 0 2 0 0 0,answer_set 1 0 1 0 0 0,landing_1 0 1 1 0 0 0,landing_2 0 0 2 0 0 0,landing_3 1 0 1 0 0 0,landing_4 0 1 1 0 0 0','0 7 8',NULL,NULL);
INSERT INTO "items" VALUES(3,1,'4b23aa798b7dd8c0',3,'jaguar','Which jaguar are you looking for?','jaguar car','jaguar animal','jacksonville jaguars','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(4,1,'33a319f0a0fb0d2f',4,'python','Select one to refine your search','python download','python tutorial','python snake','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(5,1,'a9b36bd0e74c1358',5,'mercury','Which mercury do you mean?','mercury planet','mercury element','freddie mercury','mercury insurance','mercury marine','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(6,1,'734e0622caaa025e',6,'running shoes','Who are you shopping for?','men','women','kids','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(7,1,'c1fdf28219a2c86b',7,'café near me','Select one to refine your search','café near me open now','café near me with wifi','café near me breakfast','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(8,1,'919a564657558096',8,'zürich weather','Which time range are you looking for?','zürich weather today','zürich weather 10 day','zürich weather december','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(9,1,'3582f2c45f91ede9',9,'東京 tower','What would you like to know about 東京 tower?','tickets','height','opening hours','history','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(10,1,'cc50a86aa5af3bb8',10,'são paulo flights','Select one to refine your search','são paulo flights from new york','são paulo flights from london','','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(11,1,'d2b38b3b3068fac6',11,'apple','Which apple are you looking for?','apple inc','apple fruit','apple music','apple store','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(12,1,'ea5d6bb0f0252562',12,'lasagna recipe','What type of lasagna recipe are you looking for?','vegetarian lasagna','classic meat lasagna','lasagna soup','gluten free lasagna','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(13,1,'21dc207193ef85cc',13,'tax return','What are you trying to do?','file a tax return','check tax return status','amend a tax return','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(14,1,'7f9893b48e348a61',14,'amazon','Which amazon do you mean?','amazon shopping','amazon river','amazon rainforest','amazon prime video','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(15,1,'3ed30e81b4a1af53',15,'how to tie a tie','Select one to refine your search','windsor knot','half windsor knot','four in hand knot','bow tie','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(16,1,'27de86d39697e2bf',16,'ibuprofen','What would you like to know about ibuprofen?','ibuprofen dosage','ibuprofen side effects','ibuprofen vs acetaminophen','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(17,1,'cc296de587ab2280',17,'dog food','Select one to refine your search','dog food brands','dog food recall','homemade dog food','grain free dog food','puppy food','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(18,1,'8b0bebbb49af9235',18,'seattle','What would you like to know about seattle?','seattle weather','seattle things to do','seattle population','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(19,1,'f031d16d48ca1795',19,'mortgage calculator','Which mortgage calculator are you looking for?','mortgage calculator with taxes','mortgage payoff calculator','refinance calculator','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(20,1,'ef61ed076ab3e1fe',20,'mars','Which mars do you mean?','mars planet','bruno mars','mars candy','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(21,1,'167898f358b1292e',21,'vpn','Select one to refine your search','free vpn','vpn for windows','vpn for iphone','','','{}',3,0,0,0,'answer_set 0 0 3 0 0 0,landing_1 0 0 3 0 0 0,landing_2 0 3 0 0 0 0,landing_3 0 0 3 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(22,1,'46d6d8f8856ec64b',22,'hotels in paris','What are you looking for in hotels in paris?','cheap hotels in paris','luxury hotels in paris','hotels near eiffel tower','','','{}',3,0,0,0,'question 0 1 2 0 0 0,answer_set 2 0 1 0 0 0,landing_1 1 0 2 0 0 0,landing_2 0 3 0 0 0 0,landing_3 2 0 1 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(23,1,'c8d5696ff906becd',23,'guitar chords','Select one to refine your search','guitar chords for beginners','guitar chord chart','barre chords','','','{}',3,0,0,0,'answer_set 0 3 0 0 0 0,landing_1 0 3 0 0 0 0,landing_2 0 1 2 0 0 0,landing_3 0 3 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(24,1,'7cd616fc11eb6f0f',24,'cdc','Which cdc do you mean?','centers for disease control','child development center','cdc tracking','','','{}',3,0,0,0,'question 0 3 0 0 0 0,answer_set 0 3 0 0 0 0,landing_1 0 3 0 0 0 0,landing_2 2 1 0 0 0 0,landing_3 1 2 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(25,1,'0c2338bd86ea6767',25,'marathon training plan','Which marathon training plan are you looking for?','beginner','16 week','sub 4 hour','half marathon','','{}',3,0,0,0,'question 0 0 3 0 0 0,answer_set 0 1 2 0 0 0,landing_1 0 2 1 0 0 0,landing_2 3 0 0 0 0 0,landing_3 0 0 3 0 0 0,landing_4 0 1 2 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(26,1,'a6c5834b6cbecc90',26,'crème brûlée','Select one to refine your search','crème brûlée recipe','crème brûlée torch','crème brûlée without torch','','','{}',3,0,0,0,'answer_set 0 0 3 0 0 0,landing_1 1 0 2 0 0 0,landing_2 3 0 0 0 0 0,landing_3 0 0 3 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(27,1,'bff7b81e6b944aed',27,'passport renewal','What do you want to do with your passport?','renew by mail','renew online','expedited renewal','renewal fees','','{}',3,0,0,0,'question 0 1 2 0 0 0,answer_set 0 0 3 0 0 0,landing_1 1 0 2 0 0 0,landing_2 0 3 0 0 0 0,landing_3 0 2 1 0 0 0,landing_4 0 3 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(28,1,'44599e0ccc08989e',28,'jupiter florida','Select one to refine your search','jupiter florida restaurants','jupiter florida beaches','jupiter florida weather','','','{}',3,0,0,0,'answer_set 0 2 1 0 0 0,landing_1 0 2 1 0 0 0,landing_2 0 3 0 0 0 0,landing_3 0 0 3 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(29,1,'7f0d72ff682ea735',29,'the office','Which the office are you looking for?','the office us','the office uk','the office cast','','','{}',3,0,0,0,'question 2 1 0 0 0 0,answer_set 2 1 0 0 0 0,landing_1 1 0 2 0 0 0,landing_2 2 1 0 0 0 0,landing_3 0 1 2 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(30,1,'554cf58b769f2fc3',30,'minecraft','Select one to refine your search','minecraft download','minecraft servers','minecraft mods','minecraft seeds','','{}',3,0,0,0,'answer_set 0 3 0 0 0 0,landing_1 0 3 0 0 0 0,landing_2 0 1 2 0 0 0,landing_3 0 2 1 0 0 0,landing_4 2 1 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(31,1,'365b31d5c3679a9d',31,'how long to boil an egg','What kind of egg would you like?','soft boiled','medium boiled','hard boiled','','','{}',3,0,0,0,'question 0 0 3 0 0 0,answer_set 2 0 1 0 0 0,landing_1 1 0 2 0 0 0,landing_2 0 1 2 0 0 0,landing_3 0 0 3 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(32,1,'6a6ab8ebcb60b5fe',32,'bank of america','What are you trying to do?','bank of america login','bank of america near me','bank of america routing number','bank of america customer service','','{}',3,0,0,0,'question 0 2 1 0 0 0,answer_set 0 0 3 0 0 0,landing_1 1 0 2 0 0 0,landing_2 0 0 3 0 0 0,landing_3 0 0 3 0 0 0,landing_4 0 0 3 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(33,1,'3f6f22354e3684fa',33,'turkey','Which turkey do you mean?','turkey country','turkey bird','turkey recipe','','','{}',5,1,0,0,'question 0 5 0 0 0 0,answer_set 0 0 5 0 0 0,landing_1 1 2 2 0 0 0,landing_2 2 0 3 0 0 0,landing_3 5 0 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(34,1,'eab519b2e9af06dd',34,'what is the best laptop for college students who study engineering and need to run simulation software','Which laptop features matter most to you?','battery life','graphics card','price under 1000','lightweight','','{}',3,0,0,0,'question 0 2 1 0 0 0,answer_set 0 3 0 0 0 0,landing_1 0 3 0 0 0 0,landing_2 0 3 0 0 0 0,landing_3 1 0 2 0 0 0,landing_4 0 1 2 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(35,1,'65b5432f91e1bae8',35,'nyc subway map','Select one to refine your search','nyc subway map pdf','nyc subway map live','','','','{}',3,0,0,0,'answer_set 1 2 0 0 0 0,landing_1 0 1 2 0 0 0,landing_2 0 0 3 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(36,1,'9b0c66ba16bd4da2',36,'pokémon go','Select one to refine your search','pokémon go codes','pokémon go events','pokémon go raid bosses','','','{}',3,0,0,0,'answer_set 1 0 2 0 0 0,landing_1 0 0 3 0 0 0,landing_2 0 3 0 0 0 0,landing_3 1 0 2 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(37,1,'f923050dcbbd2240',37,'solar panels','What would you like to know about solar panels?','solar panels cost','solar panels for home','solar panel installation','how solar panels work','solar panel tax credit','{}',3,0,0,0,'question 0 3 0 0 0 0,answer_set 2 0 1 0 0 0,landing_1 0 0 3 0 0 0,landing_2 3 0 0 0 0 0,landing_3 0 3 0 0 0 0,landing_4 3 0 0 0 0 0,landing_5 0 0 3 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(38,1,'f9a6d966e6fa6074',38,'flu symptoms','Who are the symptoms for?','adults','children','toddlers','','','{}',3,0,0,0,'question 0 0 3 0 0 0,answer_set 0 3 0 0 0 0,landing_1 0 0 3 0 0 0,landing_2 0 3 0 0 0 0,landing_3 1 0 2 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(39,1,'858a12c3be01eeaf',39,'delta','Which delta do you mean?','delta airlines','delta faucets','delta dental','river delta','','{}',3,0,0,0,'question 1 2 0 0 0 0,answer_set 0 2 1 0 0 0,landing_1 0 0 3 0 0 0,landing_2 0 0 3 0 0 0,landing_3 0 3 0 0 0 0,landing_4 0 1 2 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(40,1,'9d8908a9f0013708',40,'word counter','Select one to refine your search','word counter online','word counter google docs','','','','{}',3,0,0,0,'answer_set 1 0 2 0 0 0,landing_1 0 1 2 0 0 0,landing_2 0 3 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(41,2,'demo-lighthouse',1,'lighthouse','visiting a working lighthouse on the Atlantic coast with children','','','','','','{"fingerprint":"ced389dd0353dc21dc91af5ed88d9e70"}',2,4,1,1,'relevance_1 0 0 2 0 0 0,relevance_2 0 0 0 1 1 0,relevance_3 0 1 0 0 1 0,coherence 0 0 0 1 0 1,diversity 0 1 0 0 0 1,intent_reveal 0 0 2 0 0 0','0 7 8',NULL,NULL);
INSERT INTO "items" VALUES(42,2,'demo-apple',2,'apple','growing a dwarf apple tree in a small garden','','','','','','{"fingerprint":"fbe95b965793afad57cf4454d1d55623"}',2,4,1,1,'relevance_1 0 0 0 2 0 0,relevance_2 0 0 0 0 1 1,coherence 0 0 1 0 0 1,diversity 0 1 0 0 1 0,intent_reveal 0 1 1 0 0 0','0 7 8',NULL,NULL);
INSERT INTO "items" VALUES(43,2,'demo-hiking',3,'mountain hiking','a first multi-day hut-to-hut trek in the Alps','','','','','','{"fingerprint":"21865c021bd1ffe12c68dd71619df74d"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(44,2,'demo-skyline',4,'night photography','photographing a city skyline at night with a phone','','','','','','{"fingerprint":"7720f08f865396834f433711cf9f4b80"}',3,0,0,0,'relevance_1 0 0 0 0 1 2,relevance_2 0 0 0 2 1 0,relevance_3 0 0 0 0 2 1,coherence 0 0 0 1 2 0,diversity 0 0 0 1 2 0,intent_reveal 0 0 0 0 1 2','',NULL,NULL);
INSERT INTO "items" VALUES(45,2,'demo-orchard',5,'orchard','visiting a pick-your-own orchard','','','','','','{"fingerprint":"e5124b16e41e12c363ff049d8c104426"}',3,0,0,0,'relevance_1 0 0 0 0 0 3,coherence 0 0 0 2 1 0,diversity 0 0 2 1 0 0,intent_reveal 0 0 0 2 1 0','',NULL,NULL);
INSERT INTO "items" VALUES(46,3,'ct-001@orig',2,'When did the Golden Gate Bridge open to traffic, who was its chief engineer, and how long is its main span?','The Golden Gate Bridge is a suspension bridge in San Francisco. It opened in 1937 and is painted International Orange. It is one of the most photographed bridges in the world.','','','','','','{}',3,0,0,0,'nugget_1 0 2 1 0 0 0,nugget_2 3 0 0 0 0 0,nugget_3 3 0 0 0 0 0,nugget_4 3 0 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(47,3,'ct-002@orig',3,'How much caffeine is in a shot of espresso compared with a cup of drip coffee?','Espresso is stronger than drip coffee, so it has more caffeine. A typical coffee has around 95 mg of caffeine.','','','','','','{}',3,0,0,0,'nugget_1 3 0 0 0 0 0,nugget_2 0 1 2 0 0 0,nugget_3 1 2 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(48,3,'ct-003@orig',5,'What are the entry requirements for a Schengen short-stay visa for a tourist from India?','A Schengen visa lets you travel in 29 European countries. You need a passport, photographs and an application form. Processing usually takes 15 days.','','','','','','{}',0,0,1,1,'','',NULL,NULL);
INSERT INTO "items" VALUES(49,3,'ct-004@orig',7,'How do I keep a sourdough starter alive while on holiday for two weeks?','Sourdough starters are resilient. You can leave it on the counter and feed it when you are back; if it smells of acetone, that is normal.','','','','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(50,3,'ct-001@clarify',1,'When did the Golden Gate Bridge open to traffic, who was its chief engineer, and how long is its main span?','The Golden Gate Bridge opened to cars on 28 May 1937, a day after a pedestrian opening. Joseph Strauss led the project as chief engineer (with Charles Ellis and Leon Moisseiff doing much of the design). Its main span is 4,200 ft (1,280 m), the longest in the world at the time.','','','','','','{}',3,0,0,0,'nugget_1 0 0 3 0 0 0,nugget_2 0 1 2 0 0 0,nugget_3 0 0 3 0 0 0,nugget_4 0 2 1 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(51,3,'ct-002@clarify',4,'How much caffeine is in a shot of espresso compared with a cup of drip coffee?','One shot (about 30 ml) of espresso holds around 63 mg of caffeine, while an 8 oz cup of brewed coffee holds about 95 mg. Ounce for ounce espresso is much stronger, but a cup of drip coffee usually delivers more in total.','','','','','','{}',3,0,0,0,'nugget_1 0 0 3 0 0 0,nugget_2 0 0 3 0 0 0,nugget_3 0 1 2 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(52,3,'ct-003@clarify',6,'What are the entry requirements for a Schengen short-stay visa for a tourist from India?','As an Indian tourist you can stay up to 90 days within 180 days. Apply at the consulate of the country where you will spend the most time, with travel insurance covering at least €30,000, hotel bookings and bank statements. The fee is €90.','','','','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(53,3,'ct-004@clarify',8,'How do I keep a sourdough starter alive while on holiday for two weeks?','Give the starter a feed, wait an hour or two, then put it in the fridge with the lid on; it will keep for two weeks or more. When you get back, discard most of it and feed it at room temperature a couple of times until it doubles again.','','','','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(54,4,'nec-01',1,'Book me a table for tonight.','Which restaurant would you like, and for how many people?','','','','','','{"fingerprint":"334236e7a1c136252aec6e6e55f9807e"}',3,0,0,0,'necessity 1 2 0 0 0 0,facet 0 0 0 2 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(55,4,'nec-02',2,'What is the boiling point of water at sea level in Celsius?','','','','','','','{"fingerprint":"b6124505551a91df71c8bf8315191126"}',3,0,0,0,'necessity 1 2 0 0 0 0,facet 0 0 2 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(56,4,'nec-03',3,'I need a visa for my trip next month, can you help me sort it out?','Which country are you travelling to?','','','','','','{"fingerprint":"f35dd577d54ea057893fe2a58df7a110"}',2,1,1,1,'necessity 1 1 0 0 0 0,facet 0 0 0 1 0 0','0 8 9',NULL,NULL);
INSERT INTO "items" VALUES(57,4,'nec-04',4,'Translate ''good morning'' into Spanish.','','','','','','','{"fingerprint":"823f65d5b3c3af367385ad49fc415e6c"}',1,0,1,1,'necessity 0 1 0 0 0 0,facet 0 0 1 0 0 0','0 9',NULL,NULL);
INSERT INTO "items" VALUES(58,4,'nec-05',5,'Tell me about Jaguar.','Do you mean the animal or the car maker?','','','','','','{"fingerprint":"f6ba592bfbc1b8c18e637e079c7f5ad6"}',3,0,0,0,'necessity 0 3 0 0 0 0,facet 0 0 0 1 2 0','',NULL,NULL);
INSERT INTO "items" VALUES(59,4,'nec-06',6,'Write a short poem about the sea, four lines, rhyming.','','','','','','','{"fingerprint":"4ab0945bca6d72ff0dce4df287c41cbf"}',3,0,0,0,'necessity 2 1 0 0 0 0,facet 0 0 1 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(60,4,'nec-07',7,'How do I reset it?','Do you want to reset the router or the phone?','','','','','','{"fingerprint":"832c5ebb314e0bc50baa6f457c599434"}',3,0,0,0,'necessity 0 3 0 0 0 0,facet 0 0 0 3 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(61,4,'nec-08',8,'What''s the weather like?','Which city would you like the weather for?','','','','','','{"fingerprint":"bc89e6f3f117df74868db6509a35944b"}',3,0,0,0,'necessity 1 2 0 0 0 0,facet 0 0 0 2 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(62,5,'cmp-01',1,'Book me a table for tonight.','','','','','','','{"fingerprint":"875091c5893fb8144eb2d59559ecd1dc"}',3,0,0,0,'preference 1 2 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(63,5,'cmp-02',2,'What is the boiling point of water at sea level in Celsius?','','','','','','','{"fingerprint":"5b7962e864d315bcbc586e0eb6bca176"}',3,1,1,1,'preference 1 1 1 0 0 0','0 7 8 9',NULL,NULL);
INSERT INTO "items" VALUES(64,5,'cmp-03',3,'Tell me about Jaguar.','','','','','','','{"fingerprint":"4d00597b18f182619487703ada6e0d3f"}',1,0,1,1,'preference 0 1 0 0 0 0','0 9',NULL,NULL);
INSERT INTO "items" VALUES(65,5,'cmp-04',4,'How do I reset it?','','','','','','','{"fingerprint":"6bcb00e9b900f148ac454399f9deae95"}',1,0,1,1,'preference 0 1 0 0 0 0','0 9',NULL,NULL);
INSERT INTO "items" VALUES(66,5,'cmp-05',5,'Translate ''good morning'' into Spanish.','','','','','','','{"fingerprint":"24eed018af982a176db658f401951b3d"}',3,0,0,0,'preference 0 1 2 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(67,5,'cmp-06',6,'What''s the weather like?','','','','','','','{"fingerprint":"4abc157ded6d873574f58c2bec5eb508"}',3,0,0,0,'preference 3 0 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(68,5,'cmp-07',7,'I need a visa, can you help?','','','','','','','{"fingerprint":"f7de6c403bae7629b2ce2abea31d4184"}',3,0,0,0,'preference 2 1 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(69,5,'cmp-08',8,'Recommend a laptop.','','','','','','','{"fingerprint":"51d36357abdef4e384f7aaac03530d34"}',3,0,0,0,'preference 2 1 0 0 0 0','',NULL,NULL);
INSERT INTO "items" VALUES(70,6,'0d90146bb1084eaa',1,'jaguar','Which jaguar?','car','cat','','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(71,8,'c3ea99f86b2f8a74',1,'301','','','','','','','{}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(72,9,'0d90146bb1084eaa',1,'jaguar','Which jaguar?','car','cat','','','','{"impression_level":"medium","engagement_level":8,"option_cctr":[1,0,0,0,0]}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(73,9,'65f7a0131c237155',2,'python','Which python do you mean?','snake','language','monty','','','{"impression_level":"high","engagement_level":3,"option_cctr":[0.5,0.25,0.25,0,0]}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(74,7,'43974ed74066b207',1,'201','','','','','','','{}',0,0,1,1,'need 0 0 1 0 0 0','0',NULL,NULL);
INSERT INTO "items" VALUES(75,7,'c17edaae86e4016a',2,'202','','','','','','','{}',0,0,1,1,'need 0 1 0 0 0 0','0',NULL,NULL);
INSERT INTO "items" VALUES(76,7,'4621c1d55fa4e86c',3,'203','','','','','','','{}',0,0,1,NULL,'need 0 0 0 0 1 0','0',NULL,NULL);
INSERT INTO "items" VALUES(77,10,'nec-01',1,'Book me a table for tonight.','Which restaurant would you like, and for how many people?','','','','','','{"fingerprint":"334236e7a1c136252aec6e6e55f9807e"}',1,0,1,1,'necessity 0 1 0 0 0 0,facet 0 0 1 0 0 0','0 7',NULL,NULL);
INSERT INTO "items" VALUES(78,10,'nec-02',2,'What is the boiling point of water at sea level in Celsius?','','','','','','','{"fingerprint":"b6124505551a91df71c8bf8315191126"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(79,10,'nec-03',3,'I need a visa for my trip next month, can you help me sort it out?','Which country are you travelling to?','','','','','','{"fingerprint":"f35dd577d54ea057893fe2a58df7a110"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(80,10,'nec-04',4,'Translate ''good morning'' into Spanish.','','','','','','','{"fingerprint":"823f65d5b3c3af367385ad49fc415e6c"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(81,10,'nec-05',5,'Tell me about Jaguar.','Do you mean the animal or the car maker?','','','','','','{"fingerprint":"f6ba592bfbc1b8c18e637e079c7f5ad6"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(82,10,'nec-06',6,'Write a short poem about the sea, four lines, rhyming.','','','','','','','{"fingerprint":"4ab0945bca6d72ff0dce4df287c41cbf"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(83,10,'nec-07',7,'How do I reset it?','Do you want to reset the router or the phone?','','','','','','{"fingerprint":"832c5ebb314e0bc50baa6f457c599434"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(84,10,'nec-08',8,'What''s the weather like?','Which city would you like the weather for?','','','','','','{"fingerprint":"bc89e6f3f117df74868db6509a35944b"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(85,11,'nec-01',1,'Book me a table for tonight.','Which restaurant would you like, and for how many people?','','','','','','{"fingerprint":"334236e7a1c136252aec6e6e55f9807e"}',1,0,1,1,'necessity 1 0 0 0 0 0','0 8',NULL,NULL);
INSERT INTO "items" VALUES(86,11,'nec-02',2,'What is the boiling point of water at sea level in Celsius?','','','','','','','{"fingerprint":"b6124505551a91df71c8bf8315191126"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(87,11,'nec-03',3,'I need a visa for my trip next month, can you help me sort it out?','Which country are you travelling to?','','','','','','{"fingerprint":"f35dd577d54ea057893fe2a58df7a110"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(88,11,'nec-04',4,'Translate ''good morning'' into Spanish.','','','','','','','{"fingerprint":"823f65d5b3c3af367385ad49fc415e6c"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(89,11,'nec-05',5,'Tell me about Jaguar.','Do you mean the animal or the car maker?','','','','','','{"fingerprint":"f6ba592bfbc1b8c18e637e079c7f5ad6"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(90,11,'nec-06',6,'Write a short poem about the sea, four lines, rhyming.','','','','','','','{"fingerprint":"4ab0945bca6d72ff0dce4df287c41cbf"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(91,11,'nec-07',7,'How do I reset it?','Do you want to reset the router or the phone?','','','','','','{"fingerprint":"832c5ebb314e0bc50baa6f457c599434"}',0,0,1,NULL,'','',NULL,NULL);
INSERT INTO "items" VALUES(92,11,'nec-08',8,'What''s the weather like?','Which city would you like the weather for?','','','','','','{"fingerprint":"bc89e6f3f117df74868db6509a35944b"}',0,0,1,NULL,'','',NULL,NULL);
CREATE TABLE kind_units (
    kind TEXT NOT NULL,
    unit TEXT NOT NULL,
    low  INTEGER NOT NULL CHECK (low BETWEEN 0 AND 11),
    high INTEGER NOT NULL CHECK (high BETWEEN low AND 11), max_chars INTEGER NOT NULL DEFAULT 0 CHECK (max_chars BETWEEN 0 AND 4000),
    PRIMARY KEY (kind, unit)
) WITHOUT ROWID;
INSERT INTO "kind_units" VALUES('clarimm','coherence',1,5,0);
INSERT INTO "kind_units" VALUES('clarimm','diversity',1,5,0);
INSERT INTO "kind_units" VALUES('clarimm','intent_reveal',1,5,0);
INSERT INTO "kind_units" VALUES('clarimm','relevance_1',1,5,0);
INSERT INTO "kind_units" VALUES('clarimm','relevance_2',1,5,0);
INSERT INTO "kind_units" VALUES('clarimm','relevance_3',1,5,0);
INSERT INTO "kind_units" VALUES('clarimm','relevance_4',1,5,0);
INSERT INTO "kind_units" VALUES('clariq','need',1,4,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_1',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_10',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_11',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_12',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_13',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_14',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_15',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_16',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_17',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_18',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_19',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_2',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_20',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_21',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_22',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_23',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_24',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_25',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_26',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_27',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_3',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_4',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_5',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_6',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_7',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_8',1,3,0);
INSERT INTO "kind_units" VALUES('clariq','usefulness_9',1,3,0);
INSERT INTO "kind_units" VALUES('compare','preference',0,2,0);
INSERT INTO "kind_units" VALUES('mimics','answer_set',0,2,0);
INSERT INTO "kind_units" VALUES('mimics','landing_1',0,2,0);
INSERT INTO "kind_units" VALUES('mimics','landing_2',0,2,0);
INSERT INTO "kind_units" VALUES('mimics','landing_3',0,2,0);
INSERT INTO "kind_units" VALUES('mimics','landing_4',0,2,0);
INSERT INTO "kind_units" VALUES('mimics','landing_5',0,2,0);
INSERT INTO "kind_units" VALUES('mimics','question',0,2,0);
INSERT INTO "kind_units" VALUES('necessity','facet',2,11,0);
INSERT INTO "kind_units" VALUES('necessity','necessity',0,1,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_1',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_10',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_11',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_12',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_13',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_14',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_15',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_16',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_17',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_18',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_19',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_2',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_20',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_21',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_22',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_23',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_24',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_25',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_26',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_27',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_28',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_29',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_3',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_30',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_4',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_5',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_6',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_7',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_8',0,2,0);
INSERT INTO "kind_units" VALUES('nuggets','nugget_9',0,2,0);
CREATE TABLE known_labels (
    item_id INTEGER NOT NULL REFERENCES items(id),
    unit    TEXT NOT NULL,
    value   INTEGER NOT NULL,
    PRIMARY KEY (item_id, unit)
) WITHOUT ROWID;
INSERT INTO "known_labels" VALUES(70,'answer_set',1);
INSERT INTO "known_labels" VALUES(70,'landing_1',2);
INSERT INTO "known_labels" VALUES(70,'landing_2',0);
INSERT INTO "known_labels" VALUES(70,'question',2);
INSERT INTO "known_labels" VALUES(71,'need',3);
CREATE TABLE "label_history" (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    unit         TEXT NOT NULL,
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    old_value    INTEGER CHECK (old_value IS NULL OR old_value BETWEEN 0 AND 11),
    new_value    INTEGER CHECK (new_value IS NULL OR new_value BETWEEN 0 AND 11),
    actor_id     INTEGER NOT NULL REFERENCES annotators(id),
    at           TEXT NOT NULL,
    source       TEXT NOT NULL DEFAULT 'tui'
, old_text TEXT, new_text TEXT);
INSERT INTO "label_history" VALUES(1,21,'answer_set',2,NULL,2,1,'2026-11-03T06:00:16.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(2,21,'landing_1',2,NULL,2,1,'2026-11-03T06:00:35.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(3,21,'landing_2',2,NULL,1,1,'2026-11-03T06:00:46.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(4,21,'landing_3',2,NULL,2,1,'2026-11-03T06:00:54.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(5,21,'answer_set',3,NULL,2,1,'2026-11-03T06:10:12.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(6,21,'landing_1',3,NULL,2,1,'2026-11-03T06:10:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(7,21,'landing_2',3,NULL,1,1,'2026-11-03T06:10:33.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(8,21,'landing_3',3,NULL,2,1,'2026-11-03T06:10:37.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(9,21,'answer_set',4,NULL,2,1,'2026-11-03T06:20:11.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(10,21,'landing_1',4,NULL,2,1,'2026-11-03T06:20:18.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(11,21,'landing_2',4,NULL,1,1,'2026-11-03T06:20:31.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(12,21,'landing_3',4,NULL,2,1,'2026-11-03T06:20:45.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(13,22,'question',2,NULL,2,1,'2026-11-03T07:00:07.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(14,22,'answer_set',2,NULL,0,1,'2026-11-03T07:00:17.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(15,22,'landing_1',2,NULL,2,1,'2026-11-03T07:00:21.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(16,22,'landing_2',2,NULL,1,1,'2026-11-03T07:00:41.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(17,22,'landing_3',2,NULL,0,1,'2026-11-03T07:00:54.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(18,22,'question',3,NULL,1,1,'2026-11-03T07:10:10.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(19,22,'answer_set',3,NULL,2,1,'2026-11-03T07:10:15.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(20,22,'landing_1',3,NULL,0,1,'2026-11-03T07:10:29.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(21,22,'landing_2',3,NULL,1,1,'2026-11-03T07:10:48.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(22,22,'landing_3',3,NULL,2,1,'2026-11-03T07:10:54.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(23,22,'question',4,NULL,2,1,'2026-11-03T07:20:15.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(24,22,'answer_set',4,NULL,0,1,'2026-11-03T07:20:21.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(25,22,'landing_1',4,NULL,2,1,'2026-11-03T07:20:36.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(26,22,'landing_2',4,NULL,1,1,'2026-11-03T07:20:53.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(27,22,'landing_3',4,NULL,0,1,'2026-11-03T07:21:08.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(28,23,'answer_set',2,NULL,1,1,'2026-11-03T08:00:15.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(29,23,'landing_1',2,NULL,1,1,'2026-11-03T08:00:31.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(30,23,'landing_2',2,NULL,2,1,'2026-11-03T08:00:38.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(31,23,'landing_3',2,NULL,1,1,'2026-11-03T08:00:57.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(32,23,'answer_set',3,NULL,1,1,'2026-11-03T08:10:16.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(33,23,'landing_1',3,NULL,1,1,'2026-11-03T08:10:30.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(34,23,'landing_2',3,NULL,2,1,'2026-11-03T08:10:44.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(35,23,'landing_3',3,NULL,1,1,'2026-11-03T08:10:55.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(36,23,'answer_set',4,NULL,1,1,'2026-11-03T08:20:04.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(37,23,'landing_1',4,NULL,1,1,'2026-11-03T08:20:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(38,23,'landing_2',4,NULL,1,1,'2026-11-03T08:20:32.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(39,23,'landing_3',4,NULL,1,1,'2026-11-03T08:20:52.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(40,24,'question',2,NULL,1,1,'2026-11-03T09:00:13.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(41,24,'answer_set',2,NULL,1,1,'2026-11-03T09:00:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(42,24,'landing_1',2,NULL,1,1,'2026-11-03T09:00:31.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(43,24,'landing_2',2,NULL,0,1,'2026-11-03T09:00:35.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(44,24,'landing_3',2,NULL,1,1,'2026-11-03T09:00:48.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(45,24,'question',3,NULL,1,1,'2026-11-03T09:10:15.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(46,24,'answer_set',3,NULL,1,1,'2026-11-03T09:10:27.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(47,24,'landing_1',3,NULL,1,1,'2026-11-03T09:10:30.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(48,24,'landing_2',3,NULL,1,1,'2026-11-03T09:10:45.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(49,24,'landing_3',3,NULL,1,1,'2026-11-03T09:11:05.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(50,24,'question',4,NULL,1,1,'2026-11-03T09:20:15.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(51,24,'answer_set',4,NULL,1,1,'2026-11-03T09:20:33.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(52,24,'landing_1',4,NULL,1,1,'2026-11-03T09:20:48.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(53,24,'landing_2',4,NULL,0,1,'2026-11-03T09:21:06.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(54,24,'landing_3',4,NULL,0,1,'2026-11-03T09:21:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(55,25,'question',2,NULL,2,1,'2026-11-03T10:00:07.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(56,25,'answer_set',2,NULL,2,1,'2026-11-03T10:00:24.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(57,25,'landing_1',2,NULL,1,1,'2026-11-03T10:00:27.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(58,25,'landing_2',2,NULL,0,1,'2026-11-03T10:00:37.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(59,25,'landing_3',2,NULL,2,1,'2026-11-03T10:00:55.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(60,25,'landing_4',2,NULL,2,1,'2026-11-03T10:01:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(61,25,'question',3,NULL,2,1,'2026-11-03T10:10:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(62,25,'answer_set',3,NULL,2,1,'2026-11-03T10:10:31.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(63,25,'landing_1',3,NULL,1,1,'2026-11-03T10:10:48.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(64,25,'landing_2',3,NULL,0,1,'2026-11-03T10:11:07.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(65,25,'landing_3',3,NULL,2,1,'2026-11-03T10:11:17.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(66,25,'landing_4',3,NULL,2,1,'2026-11-03T10:11:22.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(67,25,'question',4,NULL,2,1,'2026-11-03T10:20:08.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(68,25,'answer_set',4,NULL,1,1,'2026-11-03T10:20:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(69,25,'landing_1',4,NULL,2,1,'2026-11-03T10:20:26.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(70,25,'landing_2',4,NULL,0,1,'2026-11-03T10:20:42.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(71,25,'landing_3',4,NULL,2,1,'2026-11-03T10:20:59.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(72,25,'landing_4',4,NULL,1,1,'2026-11-03T10:21:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(73,26,'answer_set',2,NULL,2,1,'2026-11-03T11:00:16.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(74,26,'landing_1',2,NULL,2,1,'2026-11-03T11:00:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(75,26,'landing_2',2,NULL,0,1,'2026-11-03T11:00:23.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(76,26,'landing_3',2,NULL,2,1,'2026-11-03T11:00:42.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(77,26,'answer_set',3,NULL,2,1,'2026-11-03T11:10:04.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(78,26,'landing_1',3,NULL,0,1,'2026-11-03T11:10:22.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(79,26,'landing_2',3,NULL,0,1,'2026-11-03T11:10:38.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(80,26,'landing_3',3,NULL,2,1,'2026-11-03T11:10:53.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(81,26,'answer_set',4,NULL,2,1,'2026-11-03T11:20:13.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(82,26,'landing_1',4,NULL,2,1,'2026-11-03T11:20:17.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(83,26,'landing_2',4,NULL,0,1,'2026-11-03T11:20:26.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(84,26,'landing_3',4,NULL,2,1,'2026-11-03T11:20:34.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(85,27,'question',2,NULL,2,1,'2026-11-03T12:00:14.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(86,27,'answer_set',2,NULL,2,1,'2026-11-03T12:00:28.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(87,27,'landing_1',2,NULL,2,1,'2026-11-03T12:00:38.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(88,27,'landing_2',2,NULL,1,1,'2026-11-03T12:00:56.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(89,27,'landing_3',2,NULL,2,1,'2026-11-03T12:00:59.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(90,27,'landing_4',2,NULL,1,1,'2026-11-03T12:01:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(91,27,'question',3,NULL,2,1,'2026-11-03T12:10:16.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(92,27,'answer_set',3,NULL,2,1,'2026-11-03T12:10:25.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(93,27,'landing_1',3,NULL,0,1,'2026-11-03T12:10:36.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(94,27,'landing_2',3,NULL,1,1,'2026-11-03T12:10:51.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(95,27,'landing_3',3,NULL,1,1,'2026-11-03T12:11:03.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(96,27,'landing_4',3,NULL,1,1,'2026-11-03T12:11:21.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(97,27,'question',4,NULL,1,1,'2026-11-03T12:20:13.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(98,27,'answer_set',4,NULL,2,1,'2026-11-03T12:20:32.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(99,27,'landing_1',4,NULL,2,1,'2026-11-03T12:20:35.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(100,27,'landing_2',4,NULL,1,1,'2026-11-03T12:20:54.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(101,27,'landing_3',4,NULL,1,1,'2026-11-03T12:20:57.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(102,27,'landing_4',4,NULL,1,1,'2026-11-03T12:21:12.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(103,28,'answer_set',2,NULL,2,1,'2026-11-03T13:00:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(104,28,'landing_1',2,NULL,1,1,'2026-11-03T13:00:35.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(105,28,'landing_2',2,NULL,1,1,'2026-11-03T13:00:50.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(106,28,'landing_3',2,NULL,2,1,'2026-11-03T13:01:06.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(107,28,'answer_set',3,NULL,1,1,'2026-11-03T13:10:10.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(108,28,'landing_1',3,NULL,2,1,'2026-11-03T13:10:23.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(109,28,'landing_2',3,NULL,1,1,'2026-11-03T13:10:36.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(110,28,'landing_3',3,NULL,2,1,'2026-11-03T13:10:55.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(111,28,'answer_set',4,NULL,1,1,'2026-11-03T13:20:17.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(112,28,'landing_1',4,NULL,1,1,'2026-11-03T13:20:26.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(113,28,'landing_2',4,NULL,1,1,'2026-11-03T13:20:37.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(114,28,'landing_3',4,NULL,2,1,'2026-11-03T13:20:49.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(115,29,'question',2,NULL,0,1,'2026-11-03T14:00:18.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(116,29,'answer_set',2,NULL,1,1,'2026-11-03T14:00:38.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(117,29,'landing_1',2,NULL,2,1,'2026-11-03T14:00:43.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(118,29,'landing_2',2,NULL,0,1,'2026-11-03T14:00:49.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(119,29,'landing_3',2,NULL,1,1,'2026-11-03T14:01:06.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(120,29,'question',3,NULL,1,1,'2026-11-03T14:10:07.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(121,29,'answer_set',3,NULL,0,1,'2026-11-03T14:10:17.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(122,29,'landing_1',3,NULL,0,1,'2026-11-03T14:10:35.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(123,29,'landing_2',3,NULL,0,1,'2026-11-03T14:10:40.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(124,29,'landing_3',3,NULL,2,1,'2026-11-03T14:10:57.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(125,29,'question',4,NULL,0,1,'2026-11-03T14:20:18.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(126,29,'answer_set',4,NULL,0,1,'2026-11-03T14:20:31.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(127,29,'landing_1',4,NULL,2,1,'2026-11-03T14:20:42.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(128,29,'landing_2',4,NULL,1,1,'2026-11-03T14:21:01.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(129,29,'landing_3',4,NULL,2,1,'2026-11-03T14:21:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(130,30,'answer_set',2,NULL,1,1,'2026-11-03T15:00:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(131,30,'landing_1',2,NULL,1,1,'2026-11-03T15:00:38.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(132,30,'landing_2',2,NULL,2,1,'2026-11-03T15:00:41.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(133,30,'landing_3',2,NULL,1,1,'2026-11-03T15:00:59.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(134,30,'landing_4',2,NULL,0,1,'2026-11-03T15:01:09.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(135,30,'answer_set',3,NULL,1,1,'2026-11-03T15:10:17.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(136,30,'landing_1',3,NULL,1,1,'2026-11-03T15:10:36.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(137,30,'landing_2',3,NULL,2,1,'2026-11-03T15:10:42.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(138,30,'landing_3',3,NULL,1,1,'2026-11-03T15:10:53.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(139,30,'landing_4',3,NULL,0,1,'2026-11-03T15:11:09.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(140,30,'answer_set',4,NULL,1,1,'2026-11-03T15:20:14.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(141,30,'landing_1',4,NULL,1,1,'2026-11-03T15:20:30.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(142,30,'landing_2',4,NULL,1,1,'2026-11-03T15:20:48.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(143,30,'landing_3',4,NULL,2,1,'2026-11-03T15:21:04.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(144,30,'landing_4',4,NULL,1,1,'2026-11-03T15:21:24.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(145,31,'question',2,NULL,2,1,'2026-11-03T16:00:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(146,31,'answer_set',2,NULL,0,1,'2026-11-03T16:00:24.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(147,31,'landing_1',2,NULL,0,1,'2026-11-03T16:00:43.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(148,31,'landing_2',2,NULL,2,1,'2026-11-03T16:00:56.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(149,31,'landing_3',2,NULL,2,1,'2026-11-03T16:01:01.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(150,31,'question',3,NULL,2,1,'2026-11-03T16:10:10.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(151,31,'answer_set',3,NULL,2,1,'2026-11-03T16:10:24.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(152,31,'landing_1',3,NULL,2,1,'2026-11-03T16:10:33.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(153,31,'landing_2',3,NULL,2,1,'2026-11-03T16:10:40.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(154,31,'landing_3',3,NULL,2,1,'2026-11-03T16:10:44.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(155,31,'question',4,NULL,2,1,'2026-11-03T16:20:05.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(156,31,'answer_set',4,NULL,0,1,'2026-11-03T16:20:15.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(157,31,'landing_1',4,NULL,2,1,'2026-11-03T16:20:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(158,31,'landing_2',4,NULL,1,1,'2026-11-03T16:20:31.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(159,31,'landing_3',4,NULL,2,1,'2026-11-03T16:20:41.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(160,32,'question',2,NULL,1,1,'2026-11-03T17:00:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(161,32,'answer_set',2,NULL,2,1,'2026-11-03T17:00:31.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(162,32,'landing_1',2,NULL,2,1,'2026-11-03T17:00:46.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(163,32,'landing_2',2,NULL,2,1,'2026-11-03T17:00:58.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(164,32,'landing_3',2,NULL,2,1,'2026-11-03T17:01:17.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(165,32,'landing_4',2,NULL,2,1,'2026-11-03T17:01:22.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(166,32,'question',3,NULL,1,1,'2026-11-03T17:10:14.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(167,32,'answer_set',3,NULL,2,1,'2026-11-03T17:10:29.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(168,32,'landing_1',3,NULL,0,1,'2026-11-03T17:10:42.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(169,32,'landing_2',3,NULL,2,1,'2026-11-03T17:10:55.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(170,32,'landing_3',3,NULL,2,1,'2026-11-03T17:11:11.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(171,32,'landing_4',3,NULL,2,1,'2026-11-03T17:11:24.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(172,32,'question',4,NULL,2,1,'2026-11-03T17:20:07.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(173,32,'answer_set',4,NULL,2,1,'2026-11-03T17:20:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(174,32,'landing_1',4,NULL,2,1,'2026-11-03T17:20:23.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(175,32,'landing_2',4,NULL,2,1,'2026-11-03T17:20:41.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(176,32,'landing_3',4,NULL,2,1,'2026-11-03T17:20:54.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(177,32,'landing_4',4,NULL,2,1,'2026-11-03T17:21:14.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(178,33,'question',2,NULL,1,1,'2026-11-03T18:00:16.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(179,33,'answer_set',2,NULL,2,1,'2026-11-03T18:00:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(180,33,'landing_1',2,NULL,2,1,'2026-11-03T18:00:38.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(181,33,'landing_2',2,NULL,2,1,'2026-11-03T18:00:50.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(182,33,'landing_3',2,NULL,0,1,'2026-11-03T18:01:06.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(183,33,'question',3,NULL,1,1,'2026-11-03T18:10:14.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(184,33,'answer_set',3,NULL,2,1,'2026-11-03T18:10:31.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(185,33,'landing_1',3,NULL,1,1,'2026-11-03T18:10:42.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(186,33,'landing_2',3,NULL,2,1,'2026-11-03T18:10:57.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(187,33,'landing_3',3,NULL,0,1,'2026-11-03T18:11:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(188,33,'question',4,NULL,1,1,'2026-11-03T18:20:03.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(189,33,'answer_set',4,NULL,2,1,'2026-11-03T18:20:18.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(190,33,'landing_1',4,NULL,0,1,'2026-11-03T18:20:28.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(191,33,'landing_2',4,NULL,0,1,'2026-11-03T18:20:38.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(192,33,'landing_3',4,NULL,0,1,'2026-11-03T18:20:49.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(193,33,'question',5,NULL,1,1,'2026-11-03T18:30:14.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(194,33,'answer_set',5,NULL,2,1,'2026-11-03T18:30:24.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(195,33,'landing_1',5,NULL,2,1,'2026-11-03T18:30:33.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(196,33,'landing_2',5,NULL,0,1,'2026-11-03T18:30:52.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(197,33,'landing_3',5,NULL,0,1,'2026-11-03T18:31:08.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(198,33,'question',6,NULL,1,1,'2026-11-03T18:40:11.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(199,33,'answer_set',6,NULL,2,1,'2026-11-03T18:40:23.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(200,33,'landing_1',6,NULL,1,1,'2026-11-03T18:40:42.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(201,33,'landing_2',6,NULL,2,1,'2026-11-03T18:40:47.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(202,33,'landing_3',6,NULL,0,1,'2026-11-03T18:41:01.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(203,34,'question',2,NULL,2,1,'2026-11-03T19:00:04.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(204,34,'answer_set',2,NULL,1,1,'2026-11-03T19:00:23.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(205,34,'landing_1',2,NULL,1,1,'2026-11-03T19:00:40.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(206,34,'landing_2',2,NULL,1,1,'2026-11-03T19:00:48.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(207,34,'landing_3',2,NULL,0,1,'2026-11-03T19:00:52.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(208,34,'landing_4',2,NULL,1,1,'2026-11-03T19:00:59.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(209,34,'question',3,NULL,1,1,'2026-11-03T19:10:04.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(210,34,'answer_set',3,NULL,1,1,'2026-11-03T19:10:10.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(211,34,'landing_1',3,NULL,1,1,'2026-11-03T19:10:21.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(212,34,'landing_2',3,NULL,1,1,'2026-11-03T19:10:40.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(213,34,'landing_3',3,NULL,2,1,'2026-11-03T19:10:51.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(214,34,'landing_4',3,NULL,2,1,'2026-11-03T19:10:56.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(215,34,'question',4,NULL,1,1,'2026-11-03T19:20:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(216,34,'answer_set',4,NULL,1,1,'2026-11-03T19:20:26.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(217,34,'landing_1',4,NULL,1,1,'2026-11-03T19:20:30.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(218,34,'landing_2',4,NULL,1,1,'2026-11-03T19:20:34.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(219,34,'landing_3',4,NULL,2,1,'2026-11-03T19:20:40.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(220,34,'landing_4',4,NULL,2,1,'2026-11-03T19:20:46.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(221,35,'answer_set',2,NULL,1,1,'2026-11-03T20:00:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(222,35,'landing_1',2,NULL,1,1,'2026-11-03T20:00:32.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(223,35,'landing_2',2,NULL,2,1,'2026-11-03T20:00:45.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(224,35,'answer_set',3,NULL,1,1,'2026-11-03T20:10:14.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(225,35,'landing_1',3,NULL,2,1,'2026-11-03T20:10:18.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(226,35,'landing_2',3,NULL,2,1,'2026-11-03T20:10:27.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(227,35,'answer_set',4,NULL,0,1,'2026-11-03T20:20:09.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(228,35,'landing_1',4,NULL,2,1,'2026-11-03T20:20:24.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(229,35,'landing_2',4,NULL,2,1,'2026-11-03T20:20:35.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(230,36,'answer_set',2,NULL,2,1,'2026-11-03T21:00:15.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(231,36,'landing_1',2,NULL,2,1,'2026-11-03T21:00:25.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(232,36,'landing_2',2,NULL,1,1,'2026-11-03T21:00:40.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(233,36,'landing_3',2,NULL,2,1,'2026-11-03T21:00:59.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(234,36,'answer_set',3,NULL,2,1,'2026-11-03T21:10:16.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(235,36,'landing_1',3,NULL,2,1,'2026-11-03T21:10:21.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(236,36,'landing_2',3,NULL,1,1,'2026-11-03T21:10:26.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(237,36,'landing_3',3,NULL,0,1,'2026-11-03T21:10:35.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(238,36,'answer_set',4,NULL,0,1,'2026-11-03T21:20:11.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(239,36,'landing_1',4,NULL,2,1,'2026-11-03T21:20:29.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(240,36,'landing_2',4,NULL,1,1,'2026-11-03T21:20:34.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(241,36,'landing_3',4,NULL,2,1,'2026-11-03T21:20:52.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(242,37,'question',2,NULL,1,1,'2026-11-03T22:00:18.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(243,37,'answer_set',2,NULL,0,1,'2026-11-03T22:00:37.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(244,37,'landing_1',2,NULL,2,1,'2026-11-03T22:00:42.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(245,37,'landing_2',2,NULL,0,1,'2026-11-03T22:01:01.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(246,37,'landing_3',2,NULL,1,1,'2026-11-03T22:01:17.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(247,37,'landing_4',2,NULL,0,1,'2026-11-03T22:01:22.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(248,37,'landing_5',2,NULL,2,1,'2026-11-03T22:01:37.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(249,37,'question',3,NULL,1,1,'2026-11-03T22:10:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(250,37,'answer_set',3,NULL,2,1,'2026-11-03T22:10:36.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(251,37,'landing_1',3,NULL,2,1,'2026-11-03T22:10:53.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(252,37,'landing_2',3,NULL,0,1,'2026-11-03T22:11:12.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(253,37,'landing_3',3,NULL,1,1,'2026-11-03T22:11:29.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(254,37,'landing_4',3,NULL,0,1,'2026-11-03T22:11:40.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(255,37,'landing_5',3,NULL,2,1,'2026-11-03T22:11:59.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(256,37,'question',4,NULL,1,1,'2026-11-03T22:20:19.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(257,37,'answer_set',4,NULL,0,1,'2026-11-03T22:20:37.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(258,37,'landing_1',4,NULL,2,1,'2026-11-03T22:20:52.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(259,37,'landing_2',4,NULL,0,1,'2026-11-03T22:20:57.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(260,37,'landing_3',4,NULL,1,1,'2026-11-03T22:21:10.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(261,37,'landing_4',4,NULL,0,1,'2026-11-03T22:21:13.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(262,37,'landing_5',4,NULL,2,1,'2026-11-03T22:21:16.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(263,38,'question',2,NULL,2,1,'2026-11-03T23:00:10.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(264,38,'answer_set',2,NULL,1,1,'2026-11-03T23:00:25.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(265,38,'landing_1',2,NULL,2,1,'2026-11-03T23:00:42.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(266,38,'landing_2',2,NULL,1,1,'2026-11-03T23:00:47.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(267,38,'landing_3',2,NULL,2,1,'2026-11-03T23:01:02.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(268,38,'question',3,NULL,2,1,'2026-11-03T23:10:12.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(269,38,'answer_set',3,NULL,1,1,'2026-11-03T23:10:22.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(270,38,'landing_1',3,NULL,2,1,'2026-11-03T23:10:29.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(271,38,'landing_2',3,NULL,1,1,'2026-11-03T23:10:32.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(272,38,'landing_3',3,NULL,0,1,'2026-11-03T23:10:47.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(273,38,'question',4,NULL,2,1,'2026-11-03T23:20:03.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(274,38,'answer_set',4,NULL,1,1,'2026-11-03T23:20:17.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(275,38,'landing_1',4,NULL,2,1,'2026-11-03T23:20:24.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(276,38,'landing_2',4,NULL,1,1,'2026-11-03T23:20:33.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(277,38,'landing_3',4,NULL,2,1,'2026-11-03T23:20:52.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(278,39,'question',2,NULL,1,1,'2026-11-04T00:00:18.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(279,39,'answer_set',2,NULL,1,1,'2026-11-04T00:00:22.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(280,39,'landing_1',2,NULL,2,1,'2026-11-04T00:00:25.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(281,39,'landing_2',2,NULL,2,1,'2026-11-04T00:00:30.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(282,39,'landing_3',2,NULL,1,1,'2026-11-04T00:00:50.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(283,39,'landing_4',2,NULL,1,1,'2026-11-04T00:00:56.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(284,39,'question',3,NULL,1,1,'2026-11-04T00:10:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(285,39,'answer_set',3,NULL,2,1,'2026-11-04T00:10:37.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(286,39,'landing_1',3,NULL,2,1,'2026-11-04T00:10:47.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(287,39,'landing_2',3,NULL,2,1,'2026-11-04T00:11:07.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(288,39,'landing_3',3,NULL,1,1,'2026-11-04T00:11:10.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(289,39,'landing_4',3,NULL,2,1,'2026-11-04T00:11:15.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(290,39,'question',4,NULL,0,1,'2026-11-04T00:20:16.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(291,39,'answer_set',4,NULL,1,1,'2026-11-04T00:20:26.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(292,39,'landing_1',4,NULL,2,1,'2026-11-04T00:20:32.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(293,39,'landing_2',4,NULL,2,1,'2026-11-04T00:20:45.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(294,39,'landing_3',4,NULL,1,1,'2026-11-04T00:20:59.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(295,39,'landing_4',4,NULL,2,1,'2026-11-04T00:21:02.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(296,40,'answer_set',2,NULL,2,1,'2026-11-04T01:00:14.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(297,40,'landing_1',2,NULL,2,1,'2026-11-04T01:00:24.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(298,40,'landing_2',2,NULL,1,1,'2026-11-04T01:00:29.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(299,40,'answer_set',3,NULL,2,1,'2026-11-04T01:10:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(300,40,'landing_1',3,NULL,2,1,'2026-11-04T01:10:23.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(301,40,'landing_2',3,NULL,1,1,'2026-11-04T01:10:28.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(302,40,'answer_set',4,NULL,0,1,'2026-11-04T01:20:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(303,40,'landing_1',4,NULL,1,1,'2026-11-04T01:20:34.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(304,40,'landing_2',4,NULL,1,1,'2026-11-04T01:20:39.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(305,44,'relevance_1',2,NULL,5,1,'2026-11-20T09:01:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(306,44,'relevance_2',2,NULL,3,1,'2026-11-20T09:02:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(307,44,'relevance_3',2,NULL,4,1,'2026-11-20T09:03:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(308,44,'coherence',2,NULL,4,1,'2026-11-20T09:04:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(309,44,'diversity',2,NULL,4,1,'2026-11-20T09:05:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(310,44,'intent_reveal',2,NULL,5,1,'2026-11-20T09:06:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(311,44,'relevance_1',3,NULL,4,1,'2026-11-20T10:01:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(312,44,'relevance_2',3,NULL,3,1,'2026-11-20T10:02:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(313,44,'relevance_3',3,NULL,4,1,'2026-11-20T10:03:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(314,44,'coherence',3,NULL,3,1,'2026-11-20T10:04:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(315,44,'diversity',3,NULL,4,1,'2026-11-20T10:05:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(316,44,'intent_reveal',3,NULL,5,1,'2026-11-20T10:06:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(317,44,'relevance_1',4,NULL,5,1,'2026-11-20T11:01:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(318,44,'relevance_2',4,NULL,4,1,'2026-11-20T11:02:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(319,44,'relevance_3',4,NULL,5,1,'2026-11-20T11:03:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(320,44,'coherence',4,NULL,4,1,'2026-11-20T11:04:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(321,44,'diversity',4,NULL,3,1,'2026-11-20T11:05:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(322,44,'intent_reveal',4,NULL,4,1,'2026-11-20T11:06:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(323,45,'relevance_1',2,NULL,5,1,'2026-11-20T09:11:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(324,45,'coherence',2,NULL,3,1,'2026-11-20T09:12:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(325,45,'diversity',2,NULL,2,1,'2026-11-20T09:13:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(326,45,'intent_reveal',2,NULL,4,1,'2026-11-20T09:14:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(327,45,'relevance_1',3,NULL,5,1,'2026-11-20T10:11:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(328,45,'coherence',3,NULL,4,1,'2026-11-20T10:12:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(329,45,'diversity',3,NULL,2,1,'2026-11-20T10:13:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(330,45,'intent_reveal',3,NULL,3,1,'2026-11-20T10:14:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(331,45,'relevance_1',4,NULL,5,1,'2026-11-20T11:11:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(332,45,'coherence',4,NULL,3,1,'2026-11-20T11:12:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(333,45,'diversity',4,NULL,3,1,'2026-11-20T11:13:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(334,45,'intent_reveal',4,NULL,3,1,'2026-11-20T11:14:00.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(335,46,'nugget_1',2,NULL,1,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(336,46,'nugget_2',2,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(337,46,'nugget_3',2,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(338,46,'nugget_4',2,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(339,46,'nugget_1',3,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(340,46,'nugget_2',3,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(341,46,'nugget_3',3,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(342,46,'nugget_4',3,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(343,46,'nugget_1',4,NULL,1,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(344,46,'nugget_2',4,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(345,46,'nugget_3',4,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(346,46,'nugget_4',4,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(347,47,'nugget_1',2,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(348,47,'nugget_2',2,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(349,47,'nugget_3',2,NULL,1,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(350,47,'nugget_1',3,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(351,47,'nugget_2',3,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(352,47,'nugget_3',3,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(353,47,'nugget_1',4,NULL,0,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(354,47,'nugget_2',4,NULL,1,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(355,47,'nugget_3',4,NULL,1,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(356,50,'nugget_1',2,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(357,50,'nugget_2',2,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(358,50,'nugget_3',2,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(359,50,'nugget_4',2,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(360,50,'nugget_1',3,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(361,50,'nugget_2',3,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(362,50,'nugget_3',3,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(363,50,'nugget_4',3,NULL,1,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(364,50,'nugget_1',4,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(365,50,'nugget_2',4,NULL,1,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(366,50,'nugget_3',4,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(367,50,'nugget_4',4,NULL,1,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(368,51,'nugget_1',2,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(369,51,'nugget_2',2,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(370,51,'nugget_3',2,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(371,51,'nugget_1',3,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(372,51,'nugget_2',3,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(373,51,'nugget_3',3,NULL,1,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(374,51,'nugget_1',4,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(375,51,'nugget_2',4,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(376,51,'nugget_3',4,NULL,2,1,'2026-11-27T22:50:19.684Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(377,58,'necessity',2,NULL,1,1,'2026-11-04T09:00:07.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(378,58,'facet',2,NULL,4,1,'2026-11-04T09:00:14.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(379,58,'necessity',3,NULL,1,1,'2026-11-04T09:00:21.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(380,58,'facet',3,NULL,4,1,'2026-11-04T09:00:28.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(381,58,'necessity',4,NULL,1,1,'2026-11-04T09:00:35.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(382,58,'facet',4,NULL,3,1,'2026-11-04T09:00:42.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(383,59,'necessity',2,NULL,0,1,'2026-11-04T09:00:49.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(384,59,'necessity',3,NULL,0,1,'2026-11-04T09:00:56.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(385,59,'necessity',4,NULL,1,1,'2026-11-04T09:01:03.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(386,59,'facet',4,NULL,2,1,'2026-11-04T09:01:10.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(387,60,'necessity',2,NULL,1,1,'2026-11-04T09:01:17.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(388,60,'facet',2,NULL,3,1,'2026-11-04T09:01:24.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(389,60,'necessity',3,NULL,1,1,'2026-11-04T09:01:31.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(390,60,'facet',3,NULL,3,1,'2026-11-04T09:01:38.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(391,60,'necessity',4,NULL,1,1,'2026-11-04T09:01:45.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(392,60,'facet',4,NULL,3,1,'2026-11-04T09:01:52.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(393,61,'necessity',2,NULL,1,1,'2026-11-04T09:01:59.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(394,61,'facet',2,NULL,3,1,'2026-11-04T09:02:06.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(395,61,'necessity',3,NULL,1,1,'2026-11-04T09:02:13.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(396,61,'facet',3,NULL,3,1,'2026-11-04T09:02:20.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(397,61,'necessity',4,NULL,0,1,'2026-11-04T09:02:27.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(398,66,'preference',2,NULL,2,1,'2026-11-04T09:02:34.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(399,66,'preference',3,NULL,2,1,'2026-11-04T09:02:41.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(400,66,'preference',4,NULL,1,1,'2026-11-04T09:02:48.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(401,67,'preference',2,NULL,0,1,'2026-11-04T09:02:55.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(402,67,'preference',3,NULL,0,1,'2026-11-04T09:03:02.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(403,67,'preference',4,NULL,0,1,'2026-11-04T09:03:09.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(404,68,'preference',2,NULL,0,1,'2026-11-04T09:03:16.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(405,68,'preference',3,NULL,0,1,'2026-11-04T09:03:23.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(406,68,'preference',4,NULL,1,1,'2026-11-04T09:03:30.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(407,69,'preference',2,NULL,0,1,'2026-11-04T09:03:37.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(408,69,'preference',3,NULL,1,1,'2026-11-04T09:03:44.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(409,69,'preference',4,NULL,0,1,'2026-11-04T09:03:51.000Z','merge',NULL,NULL);
INSERT INTO "label_history" VALUES(410,74,'need',11,NULL,2,1,'2026-11-27T22:50:19.799Z','import',NULL,NULL);
INSERT INTO "label_history" VALUES(411,75,'need',11,NULL,1,1,'2026-11-27T22:50:19.799Z','import',NULL,NULL);
INSERT INTO "label_history" VALUES(412,76,'need',11,NULL,4,1,'2026-11-27T22:50:19.799Z','import',NULL,NULL);
INSERT INTO "label_history" VALUES(413,1,'question',7,NULL,2,7,'2026-11-27T22:50:19.996Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(414,1,'answer_set',7,NULL,2,7,'2026-11-27T22:50:20.002Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(415,1,'landing_1',7,NULL,2,7,'2026-11-27T22:50:20.002Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(416,1,'landing_2',7,NULL,2,7,'2026-11-27T22:50:20.002Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(417,1,'landing_3',7,NULL,2,7,'2026-11-27T22:50:20.003Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(418,1,'landing_4',7,NULL,2,7,'2026-11-27T22:50:20.003Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(419,1,'question',8,NULL,1,8,'2026-11-27T22:50:20.006Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(420,1,'answer_set',8,NULL,2,8,'2026-11-27T22:50:20.007Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(421,1,'landing_1',8,NULL,0,8,'2026-11-27T22:50:20.007Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(422,1,'landing_2',8,NULL,1,8,'2026-11-27T22:50:20.008Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(423,1,'landing_3',8,NULL,2,8,'2026-11-27T22:50:20.008Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(424,1,'landing_4',8,NULL,0,8,'2026-11-27T22:50:20.009Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(425,41,'relevance_1',7,NULL,2,7,'2026-11-27T22:50:20.011Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(426,41,'relevance_2',7,NULL,3,7,'2026-11-27T22:50:20.013Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(427,41,'relevance_3',7,NULL,4,7,'2026-11-27T22:50:20.014Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(428,41,'coherence',7,NULL,5,7,'2026-11-27T22:50:20.014Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(429,41,'diversity',7,NULL,1,7,'2026-11-27T22:50:20.014Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(430,41,'intent_reveal',7,NULL,2,7,'2026-11-27T22:50:20.015Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(431,41,'relevance_1',8,NULL,2,8,'2026-11-27T22:50:20.016Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(432,41,'relevance_2',8,NULL,4,8,'2026-11-27T22:50:20.017Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(433,41,'relevance_3',8,NULL,1,8,'2026-11-27T22:50:20.017Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(434,41,'coherence',8,NULL,3,8,'2026-11-27T22:50:20.017Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(435,41,'diversity',8,NULL,5,8,'2026-11-27T22:50:20.018Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(436,41,'intent_reveal',8,NULL,2,8,'2026-11-27T22:50:20.018Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(437,62,'preference',7,NULL,0,7,'2026-11-27T22:50:20.020Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(438,62,'preference',8,NULL,1,8,'2026-11-27T22:50:20.021Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(439,54,'necessity',7,NULL,1,7,'2026-11-27T22:50:20.022Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(440,54,'facet',7,NULL,3,7,'2026-11-27T22:50:20.022Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(441,54,'necessity',8,NULL,0,8,'2026-11-27T22:50:20.023Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(442,74,'need',7,NULL,2,7,'2026-11-27T22:50:20.024Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(443,74,'need',8,NULL,3,8,'2026-11-27T22:50:20.025Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(444,2,'question',7,NULL,2,7,'2026-11-27T22:50:20.026Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(445,2,'answer_set',7,NULL,2,7,'2026-11-27T22:50:20.027Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(446,2,'landing_1',7,NULL,2,7,'2026-11-27T22:50:20.027Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(447,2,'landing_2',7,NULL,2,7,'2026-11-27T22:50:20.028Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(448,2,'landing_3',7,NULL,2,7,'2026-11-27T22:50:20.028Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(449,2,'landing_4',7,NULL,2,7,'2026-11-27T22:50:20.029Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(450,2,'question',8,NULL,2,8,'2026-11-27T22:50:20.029Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(451,2,'answer_set',8,NULL,0,8,'2026-11-27T22:50:20.030Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(452,2,'landing_1',8,NULL,1,8,'2026-11-27T22:50:20.030Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(453,2,'landing_2',8,NULL,2,8,'2026-11-27T22:50:20.031Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(454,2,'landing_3',8,NULL,0,8,'2026-11-27T22:50:20.031Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(455,2,'landing_4',8,NULL,1,8,'2026-11-27T22:50:20.031Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(456,42,'relevance_1',7,NULL,3,7,'2026-11-27T22:50:20.032Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(457,42,'relevance_2',7,NULL,4,7,'2026-11-27T22:50:20.033Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(458,42,'coherence',7,NULL,5,7,'2026-11-27T22:50:20.034Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(459,42,'diversity',7,NULL,1,7,'2026-11-27T22:50:20.034Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(460,42,'intent_reveal',7,NULL,2,7,'2026-11-27T22:50:20.034Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(461,42,'relevance_1',8,NULL,3,8,'2026-11-27T22:50:20.035Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(462,42,'relevance_2',8,NULL,5,8,'2026-11-27T22:50:20.036Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(463,42,'coherence',8,NULL,2,8,'2026-11-27T22:50:20.036Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(464,42,'diversity',8,NULL,4,8,'2026-11-27T22:50:20.036Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(465,42,'intent_reveal',8,NULL,1,8,'2026-11-27T22:50:20.037Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(466,63,'preference',7,NULL,0,7,'2026-11-27T22:50:20.038Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(467,63,'preference',8,NULL,2,8,'2026-11-27T22:50:20.039Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(468,55,'necessity',7,NULL,1,7,'2026-11-27T22:50:20.040Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(469,55,'facet',7,NULL,2,7,'2026-11-27T22:50:20.040Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(470,55,'necessity',8,NULL,0,8,'2026-11-27T22:50:20.041Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(471,75,'need',7,NULL,2,7,'2026-11-27T22:50:20.042Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(472,75,'need',8,NULL,3,8,'2026-11-27T22:50:20.043Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(473,48,'nugget_1',7,NULL,2,7,'2026-11-27T22:50:20.044Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(474,48,'nugget_1',8,NULL,1,8,'2026-11-27T22:50:20.045Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(475,48,'nugget_2',7,NULL,0,7,'2026-11-27T22:50:20.045Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(476,48,'nugget_2',8,NULL,0,8,'2026-11-27T22:50:20.046Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(477,1,'question',8,1,2,8,'2026-11-27T22:50:20.047Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(478,56,'necessity',8,NULL,1,8,'2026-11-27T22:50:20.049Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(479,56,'facet',8,NULL,4,8,'2026-11-27T22:50:20.050Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(480,56,'necessity',8,1,0,8,'2026-11-27T22:50:20.050Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(481,56,'facet',8,4,NULL,8,'2026-11-27T22:50:20.050Z','withdrawn',NULL,NULL);
INSERT INTO "label_history" VALUES(482,77,'necessity',7,NULL,1,7,'2026-11-27T22:50:20.052Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(483,77,'facet',7,NULL,2,7,'2026-11-27T22:50:20.053Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(484,85,'necessity',8,NULL,0,8,'2026-11-27T22:50:20.054Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(485,54,'necessity',9,NULL,1,9,'2026-11-27T22:50:20.062Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(486,54,'facet',9,NULL,3,9,'2026-11-27T22:50:20.063Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(487,55,'necessity',9,NULL,1,9,'2026-11-27T22:50:20.065Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(488,55,'facet',9,NULL,2,9,'2026-11-27T22:50:20.065Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(489,56,'necessity',9,NULL,1,9,'2026-11-27T22:50:20.068Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(490,56,'facet',9,NULL,3,9,'2026-11-27T22:50:20.068Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(491,57,'necessity',9,NULL,1,9,'2026-11-27T22:50:20.071Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(492,57,'facet',9,NULL,2,9,'2026-11-27T22:50:20.072Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(493,62,'preference',9,NULL,1,9,'2026-11-27T22:50:20.075Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(494,63,'preference',9,NULL,1,9,'2026-11-27T22:50:20.076Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(495,64,'preference',9,NULL,1,9,'2026-11-27T22:50:20.077Z','tui',NULL,NULL);
INSERT INTO "label_history" VALUES(496,65,'preference',9,NULL,1,9,'2026-11-27T22:50:20.081Z','tui',NULL,NULL);
CREATE TABLE "labels" (
    item_id      INTEGER NOT NULL REFERENCES items(id),
    unit         TEXT NOT NULL,
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    value        INTEGER NOT NULL CHECK (value BETWEEN 0 AND 11),
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    seconds      REAL CHECK (seconds IS NULL OR seconds >= 0), text TEXT, first_value INTEGER CHECK (first_value IS NULL OR first_value BETWEEN 0 AND 11),
    PRIMARY KEY (item_id, unit, annotator_id)
) WITHOUT ROWID;
INSERT INTO "labels" VALUES(1,'answer_set',7,2,'2026-11-27T22:50:20.002Z','2026-11-27T22:50:20.002Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(1,'answer_set',8,2,'2026-11-27T22:50:20.007Z','2026-11-27T22:50:20.007Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(1,'landing_1',7,2,'2026-11-27T22:50:20.002Z','2026-11-27T22:50:20.002Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(1,'landing_1',8,0,'2026-11-27T22:50:20.007Z','2026-11-27T22:50:20.007Z',2.0,NULL,0);
INSERT INTO "labels" VALUES(1,'landing_2',7,2,'2026-11-27T22:50:20.002Z','2026-11-27T22:50:20.002Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(1,'landing_2',8,1,'2026-11-27T22:50:20.008Z','2026-11-27T22:50:20.008Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(1,'landing_3',7,2,'2026-11-27T22:50:20.003Z','2026-11-27T22:50:20.003Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(1,'landing_3',8,2,'2026-11-27T22:50:20.008Z','2026-11-27T22:50:20.008Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(1,'landing_4',7,2,'2026-11-27T22:50:20.003Z','2026-11-27T22:50:20.003Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(1,'landing_4',8,0,'2026-11-27T22:50:20.009Z','2026-11-27T22:50:20.009Z',2.0,NULL,0);
INSERT INTO "labels" VALUES(1,'question',7,2,'2026-11-27T22:50:19.996Z','2026-11-27T22:50:19.996Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(1,'question',8,2,'2026-11-27T22:50:20.006Z','2026-11-27T22:50:20.047Z',4.0,NULL,1);
INSERT INTO "labels" VALUES(2,'answer_set',7,2,'2026-11-27T22:50:20.027Z','2026-11-27T22:50:20.027Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(2,'answer_set',8,0,'2026-11-27T22:50:20.030Z','2026-11-27T22:50:20.030Z',2.0,NULL,0);
INSERT INTO "labels" VALUES(2,'landing_1',7,2,'2026-11-27T22:50:20.027Z','2026-11-27T22:50:20.027Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(2,'landing_1',8,1,'2026-11-27T22:50:20.030Z','2026-11-27T22:50:20.030Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(2,'landing_2',7,2,'2026-11-27T22:50:20.028Z','2026-11-27T22:50:20.028Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(2,'landing_2',8,2,'2026-11-27T22:50:20.031Z','2026-11-27T22:50:20.031Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(2,'landing_3',7,2,'2026-11-27T22:50:20.028Z','2026-11-27T22:50:20.028Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(2,'landing_3',8,0,'2026-11-27T22:50:20.031Z','2026-11-27T22:50:20.031Z',2.0,NULL,0);
INSERT INTO "labels" VALUES(2,'landing_4',7,2,'2026-11-27T22:50:20.029Z','2026-11-27T22:50:20.029Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(2,'landing_4',8,1,'2026-11-27T22:50:20.031Z','2026-11-27T22:50:20.031Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(2,'question',7,2,'2026-11-27T22:50:20.026Z','2026-11-27T22:50:20.026Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(2,'question',8,2,'2026-11-27T22:50:20.029Z','2026-11-27T22:50:20.029Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(21,'answer_set',2,2,'2026-11-03T06:00:16.000Z','2026-11-03T06:00:16.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(21,'answer_set',3,2,'2026-11-03T06:10:12.000Z','2026-11-03T06:10:12.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(21,'answer_set',4,2,'2026-11-03T06:20:11.000Z','2026-11-03T06:20:11.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(21,'landing_1',2,2,'2026-11-03T06:00:35.000Z','2026-11-03T06:00:35.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(21,'landing_1',3,2,'2026-11-03T06:10:19.000Z','2026-11-03T06:10:19.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(21,'landing_1',4,2,'2026-11-03T06:20:18.000Z','2026-11-03T06:20:18.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(21,'landing_2',2,1,'2026-11-03T06:00:46.000Z','2026-11-03T06:00:46.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(21,'landing_2',3,1,'2026-11-03T06:10:33.000Z','2026-11-03T06:10:33.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(21,'landing_2',4,1,'2026-11-03T06:20:31.000Z','2026-11-03T06:20:31.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(21,'landing_3',2,2,'2026-11-03T06:00:54.000Z','2026-11-03T06:00:54.000Z',8.0,NULL,NULL);
INSERT INTO "labels" VALUES(21,'landing_3',3,2,'2026-11-03T06:10:37.000Z','2026-11-03T06:10:37.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(21,'landing_3',4,2,'2026-11-03T06:20:45.000Z','2026-11-03T06:20:45.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'answer_set',2,0,'2026-11-03T07:00:17.000Z','2026-11-03T07:00:17.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'answer_set',3,2,'2026-11-03T07:10:15.000Z','2026-11-03T07:10:15.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'answer_set',4,0,'2026-11-03T07:20:21.000Z','2026-11-03T07:20:21.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'landing_1',2,2,'2026-11-03T07:00:21.000Z','2026-11-03T07:00:21.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'landing_1',3,0,'2026-11-03T07:10:29.000Z','2026-11-03T07:10:29.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'landing_1',4,2,'2026-11-03T07:20:36.000Z','2026-11-03T07:20:36.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'landing_2',2,1,'2026-11-03T07:00:41.000Z','2026-11-03T07:00:41.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'landing_2',3,1,'2026-11-03T07:10:48.000Z','2026-11-03T07:10:48.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'landing_2',4,1,'2026-11-03T07:20:53.000Z','2026-11-03T07:20:53.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'landing_3',2,0,'2026-11-03T07:00:54.000Z','2026-11-03T07:00:54.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'landing_3',3,2,'2026-11-03T07:10:54.000Z','2026-11-03T07:10:54.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'landing_3',4,0,'2026-11-03T07:21:08.000Z','2026-11-03T07:21:08.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'question',2,2,'2026-11-03T07:00:07.000Z','2026-11-03T07:00:07.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'question',3,1,'2026-11-03T07:10:10.000Z','2026-11-03T07:10:10.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(22,'question',4,2,'2026-11-03T07:20:15.000Z','2026-11-03T07:20:15.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'answer_set',2,1,'2026-11-03T08:00:15.000Z','2026-11-03T08:00:15.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'answer_set',3,1,'2026-11-03T08:10:16.000Z','2026-11-03T08:10:16.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'answer_set',4,1,'2026-11-03T08:20:04.000Z','2026-11-03T08:20:04.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'landing_1',2,1,'2026-11-03T08:00:31.000Z','2026-11-03T08:00:31.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'landing_1',3,1,'2026-11-03T08:10:30.000Z','2026-11-03T08:10:30.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'landing_1',4,1,'2026-11-03T08:20:19.000Z','2026-11-03T08:20:19.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'landing_2',2,2,'2026-11-03T08:00:38.000Z','2026-11-03T08:00:38.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'landing_2',3,2,'2026-11-03T08:10:44.000Z','2026-11-03T08:10:44.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'landing_2',4,1,'2026-11-03T08:20:32.000Z','2026-11-03T08:20:32.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'landing_3',2,1,'2026-11-03T08:00:57.000Z','2026-11-03T08:00:57.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'landing_3',3,1,'2026-11-03T08:10:55.000Z','2026-11-03T08:10:55.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(23,'landing_3',4,1,'2026-11-03T08:20:52.000Z','2026-11-03T08:20:52.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'answer_set',2,1,'2026-11-03T09:00:20.000Z','2026-11-03T09:00:20.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'answer_set',3,1,'2026-11-03T09:10:27.000Z','2026-11-03T09:10:27.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'answer_set',4,1,'2026-11-03T09:20:33.000Z','2026-11-03T09:20:33.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'landing_1',2,1,'2026-11-03T09:00:31.000Z','2026-11-03T09:00:31.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'landing_1',3,1,'2026-11-03T09:10:30.000Z','2026-11-03T09:10:30.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'landing_1',4,1,'2026-11-03T09:20:48.000Z','2026-11-03T09:20:48.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'landing_2',2,0,'2026-11-03T09:00:35.000Z','2026-11-03T09:00:35.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'landing_2',3,1,'2026-11-03T09:10:45.000Z','2026-11-03T09:10:45.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'landing_2',4,0,'2026-11-03T09:21:06.000Z','2026-11-03T09:21:06.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'landing_3',2,1,'2026-11-03T09:00:48.000Z','2026-11-03T09:00:48.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'landing_3',3,1,'2026-11-03T09:11:05.000Z','2026-11-03T09:11:05.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'landing_3',4,0,'2026-11-03T09:21:20.000Z','2026-11-03T09:21:20.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'question',2,1,'2026-11-03T09:00:13.000Z','2026-11-03T09:00:13.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'question',3,1,'2026-11-03T09:10:15.000Z','2026-11-03T09:10:15.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(24,'question',4,1,'2026-11-03T09:20:15.000Z','2026-11-03T09:20:15.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'answer_set',2,2,'2026-11-03T10:00:24.000Z','2026-11-03T10:00:24.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'answer_set',3,2,'2026-11-03T10:10:31.000Z','2026-11-03T10:10:31.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'answer_set',4,1,'2026-11-03T10:20:19.000Z','2026-11-03T10:20:19.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_1',2,1,'2026-11-03T10:00:27.000Z','2026-11-03T10:00:27.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_1',3,1,'2026-11-03T10:10:48.000Z','2026-11-03T10:10:48.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_1',4,2,'2026-11-03T10:20:26.000Z','2026-11-03T10:20:26.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_2',2,0,'2026-11-03T10:00:37.000Z','2026-11-03T10:00:37.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_2',3,0,'2026-11-03T10:11:07.000Z','2026-11-03T10:11:07.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_2',4,0,'2026-11-03T10:20:42.000Z','2026-11-03T10:20:42.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_3',2,2,'2026-11-03T10:00:55.000Z','2026-11-03T10:00:55.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_3',3,2,'2026-11-03T10:11:17.000Z','2026-11-03T10:11:17.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_3',4,2,'2026-11-03T10:20:59.000Z','2026-11-03T10:20:59.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_4',2,2,'2026-11-03T10:01:00.000Z','2026-11-03T10:01:00.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_4',3,2,'2026-11-03T10:11:22.000Z','2026-11-03T10:11:22.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'landing_4',4,1,'2026-11-03T10:21:19.000Z','2026-11-03T10:21:19.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'question',2,2,'2026-11-03T10:00:07.000Z','2026-11-03T10:00:07.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'question',3,2,'2026-11-03T10:10:19.000Z','2026-11-03T10:10:19.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(25,'question',4,2,'2026-11-03T10:20:08.000Z','2026-11-03T10:20:08.000Z',8.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'answer_set',2,2,'2026-11-03T11:00:16.000Z','2026-11-03T11:00:16.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'answer_set',3,2,'2026-11-03T11:10:04.000Z','2026-11-03T11:10:04.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'answer_set',4,2,'2026-11-03T11:20:13.000Z','2026-11-03T11:20:13.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'landing_1',2,2,'2026-11-03T11:00:19.000Z','2026-11-03T11:00:19.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'landing_1',3,0,'2026-11-03T11:10:22.000Z','2026-11-03T11:10:22.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'landing_1',4,2,'2026-11-03T11:20:17.000Z','2026-11-03T11:20:17.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'landing_2',2,0,'2026-11-03T11:00:23.000Z','2026-11-03T11:00:23.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'landing_2',3,0,'2026-11-03T11:10:38.000Z','2026-11-03T11:10:38.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'landing_2',4,0,'2026-11-03T11:20:26.000Z','2026-11-03T11:20:26.000Z',9.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'landing_3',2,2,'2026-11-03T11:00:42.000Z','2026-11-03T11:00:42.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'landing_3',3,2,'2026-11-03T11:10:53.000Z','2026-11-03T11:10:53.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(26,'landing_3',4,2,'2026-11-03T11:20:34.000Z','2026-11-03T11:20:34.000Z',8.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'answer_set',2,2,'2026-11-03T12:00:28.000Z','2026-11-03T12:00:28.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'answer_set',3,2,'2026-11-03T12:10:25.000Z','2026-11-03T12:10:25.000Z',9.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'answer_set',4,2,'2026-11-03T12:20:32.000Z','2026-11-03T12:20:32.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_1',2,2,'2026-11-03T12:00:38.000Z','2026-11-03T12:00:38.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_1',3,0,'2026-11-03T12:10:36.000Z','2026-11-03T12:10:36.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_1',4,2,'2026-11-03T12:20:35.000Z','2026-11-03T12:20:35.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_2',2,1,'2026-11-03T12:00:56.000Z','2026-11-03T12:00:56.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_2',3,1,'2026-11-03T12:10:51.000Z','2026-11-03T12:10:51.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_2',4,1,'2026-11-03T12:20:54.000Z','2026-11-03T12:20:54.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_3',2,2,'2026-11-03T12:00:59.000Z','2026-11-03T12:00:59.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_3',3,1,'2026-11-03T12:11:03.000Z','2026-11-03T12:11:03.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_3',4,1,'2026-11-03T12:20:57.000Z','2026-11-03T12:20:57.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_4',2,1,'2026-11-03T12:01:19.000Z','2026-11-03T12:01:19.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_4',3,1,'2026-11-03T12:11:21.000Z','2026-11-03T12:11:21.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'landing_4',4,1,'2026-11-03T12:21:12.000Z','2026-11-03T12:21:12.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'question',2,2,'2026-11-03T12:00:14.000Z','2026-11-03T12:00:14.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'question',3,2,'2026-11-03T12:10:16.000Z','2026-11-03T12:10:16.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(27,'question',4,1,'2026-11-03T12:20:13.000Z','2026-11-03T12:20:13.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'answer_set',2,2,'2026-11-03T13:00:20.000Z','2026-11-03T13:00:20.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'answer_set',3,1,'2026-11-03T13:10:10.000Z','2026-11-03T13:10:10.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'answer_set',4,1,'2026-11-03T13:20:17.000Z','2026-11-03T13:20:17.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'landing_1',2,1,'2026-11-03T13:00:35.000Z','2026-11-03T13:00:35.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'landing_1',3,2,'2026-11-03T13:10:23.000Z','2026-11-03T13:10:23.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'landing_1',4,1,'2026-11-03T13:20:26.000Z','2026-11-03T13:20:26.000Z',9.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'landing_2',2,1,'2026-11-03T13:00:50.000Z','2026-11-03T13:00:50.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'landing_2',3,1,'2026-11-03T13:10:36.000Z','2026-11-03T13:10:36.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'landing_2',4,1,'2026-11-03T13:20:37.000Z','2026-11-03T13:20:37.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'landing_3',2,2,'2026-11-03T13:01:06.000Z','2026-11-03T13:01:06.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'landing_3',3,2,'2026-11-03T13:10:55.000Z','2026-11-03T13:10:55.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(28,'landing_3',4,2,'2026-11-03T13:20:49.000Z','2026-11-03T13:20:49.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'answer_set',2,1,'2026-11-03T14:00:38.000Z','2026-11-03T14:00:38.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'answer_set',3,0,'2026-11-03T14:10:17.000Z','2026-11-03T14:10:17.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'answer_set',4,0,'2026-11-03T14:20:31.000Z','2026-11-03T14:20:31.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'landing_1',2,2,'2026-11-03T14:00:43.000Z','2026-11-03T14:00:43.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'landing_1',3,0,'2026-11-03T14:10:35.000Z','2026-11-03T14:10:35.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'landing_1',4,2,'2026-11-03T14:20:42.000Z','2026-11-03T14:20:42.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'landing_2',2,0,'2026-11-03T14:00:49.000Z','2026-11-03T14:00:49.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'landing_2',3,0,'2026-11-03T14:10:40.000Z','2026-11-03T14:10:40.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'landing_2',4,1,'2026-11-03T14:21:01.000Z','2026-11-03T14:21:01.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'landing_3',2,1,'2026-11-03T14:01:06.000Z','2026-11-03T14:01:06.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'landing_3',3,2,'2026-11-03T14:10:57.000Z','2026-11-03T14:10:57.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'landing_3',4,2,'2026-11-03T14:21:20.000Z','2026-11-03T14:21:20.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'question',2,0,'2026-11-03T14:00:18.000Z','2026-11-03T14:00:18.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'question',3,1,'2026-11-03T14:10:07.000Z','2026-11-03T14:10:07.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(29,'question',4,0,'2026-11-03T14:20:18.000Z','2026-11-03T14:20:18.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'answer_set',2,1,'2026-11-03T15:00:20.000Z','2026-11-03T15:00:20.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'answer_set',3,1,'2026-11-03T15:10:17.000Z','2026-11-03T15:10:17.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'answer_set',4,1,'2026-11-03T15:20:14.000Z','2026-11-03T15:20:14.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_1',2,1,'2026-11-03T15:00:38.000Z','2026-11-03T15:00:38.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_1',3,1,'2026-11-03T15:10:36.000Z','2026-11-03T15:10:36.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_1',4,1,'2026-11-03T15:20:30.000Z','2026-11-03T15:20:30.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_2',2,2,'2026-11-03T15:00:41.000Z','2026-11-03T15:00:41.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_2',3,2,'2026-11-03T15:10:42.000Z','2026-11-03T15:10:42.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_2',4,1,'2026-11-03T15:20:48.000Z','2026-11-03T15:20:48.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_3',2,1,'2026-11-03T15:00:59.000Z','2026-11-03T15:00:59.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_3',3,1,'2026-11-03T15:10:53.000Z','2026-11-03T15:10:53.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_3',4,2,'2026-11-03T15:21:04.000Z','2026-11-03T15:21:04.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_4',2,0,'2026-11-03T15:01:09.000Z','2026-11-03T15:01:09.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_4',3,0,'2026-11-03T15:11:09.000Z','2026-11-03T15:11:09.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(30,'landing_4',4,1,'2026-11-03T15:21:24.000Z','2026-11-03T15:21:24.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'answer_set',2,0,'2026-11-03T16:00:24.000Z','2026-11-03T16:00:24.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'answer_set',3,2,'2026-11-03T16:10:24.000Z','2026-11-03T16:10:24.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'answer_set',4,0,'2026-11-03T16:20:15.000Z','2026-11-03T16:20:15.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'landing_1',2,0,'2026-11-03T16:00:43.000Z','2026-11-03T16:00:43.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'landing_1',3,2,'2026-11-03T16:10:33.000Z','2026-11-03T16:10:33.000Z',9.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'landing_1',4,2,'2026-11-03T16:20:19.000Z','2026-11-03T16:20:19.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'landing_2',2,2,'2026-11-03T16:00:56.000Z','2026-11-03T16:00:56.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'landing_2',3,2,'2026-11-03T16:10:40.000Z','2026-11-03T16:10:40.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'landing_2',4,1,'2026-11-03T16:20:31.000Z','2026-11-03T16:20:31.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'landing_3',2,2,'2026-11-03T16:01:01.000Z','2026-11-03T16:01:01.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'landing_3',3,2,'2026-11-03T16:10:44.000Z','2026-11-03T16:10:44.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'landing_3',4,2,'2026-11-03T16:20:41.000Z','2026-11-03T16:20:41.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'question',2,2,'2026-11-03T16:00:20.000Z','2026-11-03T16:00:20.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'question',3,2,'2026-11-03T16:10:10.000Z','2026-11-03T16:10:10.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(31,'question',4,2,'2026-11-03T16:20:05.000Z','2026-11-03T16:20:05.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'answer_set',2,2,'2026-11-03T17:00:31.000Z','2026-11-03T17:00:31.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'answer_set',3,2,'2026-11-03T17:10:29.000Z','2026-11-03T17:10:29.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'answer_set',4,2,'2026-11-03T17:20:20.000Z','2026-11-03T17:20:20.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_1',2,2,'2026-11-03T17:00:46.000Z','2026-11-03T17:00:46.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_1',3,0,'2026-11-03T17:10:42.000Z','2026-11-03T17:10:42.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_1',4,2,'2026-11-03T17:20:23.000Z','2026-11-03T17:20:23.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_2',2,2,'2026-11-03T17:00:58.000Z','2026-11-03T17:00:58.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_2',3,2,'2026-11-03T17:10:55.000Z','2026-11-03T17:10:55.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_2',4,2,'2026-11-03T17:20:41.000Z','2026-11-03T17:20:41.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_3',2,2,'2026-11-03T17:01:17.000Z','2026-11-03T17:01:17.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_3',3,2,'2026-11-03T17:11:11.000Z','2026-11-03T17:11:11.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_3',4,2,'2026-11-03T17:20:54.000Z','2026-11-03T17:20:54.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_4',2,2,'2026-11-03T17:01:22.000Z','2026-11-03T17:01:22.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_4',3,2,'2026-11-03T17:11:24.000Z','2026-11-03T17:11:24.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'landing_4',4,2,'2026-11-03T17:21:14.000Z','2026-11-03T17:21:14.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'question',2,1,'2026-11-03T17:00:19.000Z','2026-11-03T17:00:19.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'question',3,1,'2026-11-03T17:10:14.000Z','2026-11-03T17:10:14.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(32,'question',4,2,'2026-11-03T17:20:07.000Z','2026-11-03T17:20:07.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'answer_set',2,2,'2026-11-03T18:00:19.000Z','2026-11-03T18:00:19.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'answer_set',3,2,'2026-11-03T18:10:31.000Z','2026-11-03T18:10:31.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'answer_set',4,2,'2026-11-03T18:20:18.000Z','2026-11-03T18:20:18.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'answer_set',5,2,'2026-11-03T18:30:24.000Z','2026-11-03T18:30:24.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'answer_set',6,2,'2026-11-03T18:40:23.000Z','2026-11-03T18:40:23.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_1',2,2,'2026-11-03T18:00:38.000Z','2026-11-03T18:00:38.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_1',3,1,'2026-11-03T18:10:42.000Z','2026-11-03T18:10:42.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_1',4,0,'2026-11-03T18:20:28.000Z','2026-11-03T18:20:28.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_1',5,2,'2026-11-03T18:30:33.000Z','2026-11-03T18:30:33.000Z',9.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_1',6,1,'2026-11-03T18:40:42.000Z','2026-11-03T18:40:42.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_2',2,2,'2026-11-03T18:00:50.000Z','2026-11-03T18:00:50.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_2',3,2,'2026-11-03T18:10:57.000Z','2026-11-03T18:10:57.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_2',4,0,'2026-11-03T18:20:38.000Z','2026-11-03T18:20:38.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_2',5,0,'2026-11-03T18:30:52.000Z','2026-11-03T18:30:52.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_2',6,2,'2026-11-03T18:40:47.000Z','2026-11-03T18:40:47.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_3',2,0,'2026-11-03T18:01:06.000Z','2026-11-03T18:01:06.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_3',3,0,'2026-11-03T18:11:00.000Z','2026-11-03T18:11:00.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_3',4,0,'2026-11-03T18:20:49.000Z','2026-11-03T18:20:49.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_3',5,0,'2026-11-03T18:31:08.000Z','2026-11-03T18:31:08.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'landing_3',6,0,'2026-11-03T18:41:01.000Z','2026-11-03T18:41:01.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'question',2,1,'2026-11-03T18:00:16.000Z','2026-11-03T18:00:16.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'question',3,1,'2026-11-03T18:10:14.000Z','2026-11-03T18:10:14.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'question',4,1,'2026-11-03T18:20:03.000Z','2026-11-03T18:20:03.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'question',5,1,'2026-11-03T18:30:14.000Z','2026-11-03T18:30:14.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(33,'question',6,1,'2026-11-03T18:40:11.000Z','2026-11-03T18:40:11.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'answer_set',2,1,'2026-11-03T19:00:23.000Z','2026-11-03T19:00:23.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'answer_set',3,1,'2026-11-03T19:10:10.000Z','2026-11-03T19:10:10.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'answer_set',4,1,'2026-11-03T19:20:26.000Z','2026-11-03T19:20:26.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_1',2,1,'2026-11-03T19:00:40.000Z','2026-11-03T19:00:40.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_1',3,1,'2026-11-03T19:10:21.000Z','2026-11-03T19:10:21.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_1',4,1,'2026-11-03T19:20:30.000Z','2026-11-03T19:20:30.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_2',2,1,'2026-11-03T19:00:48.000Z','2026-11-03T19:00:48.000Z',8.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_2',3,1,'2026-11-03T19:10:40.000Z','2026-11-03T19:10:40.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_2',4,1,'2026-11-03T19:20:34.000Z','2026-11-03T19:20:34.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_3',2,0,'2026-11-03T19:00:52.000Z','2026-11-03T19:00:52.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_3',3,2,'2026-11-03T19:10:51.000Z','2026-11-03T19:10:51.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_3',4,2,'2026-11-03T19:20:40.000Z','2026-11-03T19:20:40.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_4',2,1,'2026-11-03T19:00:59.000Z','2026-11-03T19:00:59.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_4',3,2,'2026-11-03T19:10:56.000Z','2026-11-03T19:10:56.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'landing_4',4,2,'2026-11-03T19:20:46.000Z','2026-11-03T19:20:46.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'question',2,2,'2026-11-03T19:00:04.000Z','2026-11-03T19:00:04.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'question',3,1,'2026-11-03T19:10:04.000Z','2026-11-03T19:10:04.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(34,'question',4,1,'2026-11-03T19:20:20.000Z','2026-11-03T19:20:20.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(35,'answer_set',2,1,'2026-11-03T20:00:19.000Z','2026-11-03T20:00:19.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(35,'answer_set',3,1,'2026-11-03T20:10:14.000Z','2026-11-03T20:10:14.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(35,'answer_set',4,0,'2026-11-03T20:20:09.000Z','2026-11-03T20:20:09.000Z',9.0,NULL,NULL);
INSERT INTO "labels" VALUES(35,'landing_1',2,1,'2026-11-03T20:00:32.000Z','2026-11-03T20:00:32.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(35,'landing_1',3,2,'2026-11-03T20:10:18.000Z','2026-11-03T20:10:18.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(35,'landing_1',4,2,'2026-11-03T20:20:24.000Z','2026-11-03T20:20:24.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(35,'landing_2',2,2,'2026-11-03T20:00:45.000Z','2026-11-03T20:00:45.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(35,'landing_2',3,2,'2026-11-03T20:10:27.000Z','2026-11-03T20:10:27.000Z',9.0,NULL,NULL);
INSERT INTO "labels" VALUES(35,'landing_2',4,2,'2026-11-03T20:20:35.000Z','2026-11-03T20:20:35.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'answer_set',2,2,'2026-11-03T21:00:15.000Z','2026-11-03T21:00:15.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'answer_set',3,2,'2026-11-03T21:10:16.000Z','2026-11-03T21:10:16.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'answer_set',4,0,'2026-11-03T21:20:11.000Z','2026-11-03T21:20:11.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'landing_1',2,2,'2026-11-03T21:00:25.000Z','2026-11-03T21:00:25.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'landing_1',3,2,'2026-11-03T21:10:21.000Z','2026-11-03T21:10:21.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'landing_1',4,2,'2026-11-03T21:20:29.000Z','2026-11-03T21:20:29.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'landing_2',2,1,'2026-11-03T21:00:40.000Z','2026-11-03T21:00:40.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'landing_2',3,1,'2026-11-03T21:10:26.000Z','2026-11-03T21:10:26.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'landing_2',4,1,'2026-11-03T21:20:34.000Z','2026-11-03T21:20:34.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'landing_3',2,2,'2026-11-03T21:00:59.000Z','2026-11-03T21:00:59.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'landing_3',3,0,'2026-11-03T21:10:35.000Z','2026-11-03T21:10:35.000Z',9.0,NULL,NULL);
INSERT INTO "labels" VALUES(36,'landing_3',4,2,'2026-11-03T21:20:52.000Z','2026-11-03T21:20:52.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'answer_set',2,0,'2026-11-03T22:00:37.000Z','2026-11-03T22:00:37.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'answer_set',3,2,'2026-11-03T22:10:36.000Z','2026-11-03T22:10:36.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'answer_set',4,0,'2026-11-03T22:20:37.000Z','2026-11-03T22:20:37.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_1',2,2,'2026-11-03T22:00:42.000Z','2026-11-03T22:00:42.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_1',3,2,'2026-11-03T22:10:53.000Z','2026-11-03T22:10:53.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_1',4,2,'2026-11-03T22:20:52.000Z','2026-11-03T22:20:52.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_2',2,0,'2026-11-03T22:01:01.000Z','2026-11-03T22:01:01.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_2',3,0,'2026-11-03T22:11:12.000Z','2026-11-03T22:11:12.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_2',4,0,'2026-11-03T22:20:57.000Z','2026-11-03T22:20:57.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_3',2,1,'2026-11-03T22:01:17.000Z','2026-11-03T22:01:17.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_3',3,1,'2026-11-03T22:11:29.000Z','2026-11-03T22:11:29.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_3',4,1,'2026-11-03T22:21:10.000Z','2026-11-03T22:21:10.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_4',2,0,'2026-11-03T22:01:22.000Z','2026-11-03T22:01:22.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_4',3,0,'2026-11-03T22:11:40.000Z','2026-11-03T22:11:40.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_4',4,0,'2026-11-03T22:21:13.000Z','2026-11-03T22:21:13.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_5',2,2,'2026-11-03T22:01:37.000Z','2026-11-03T22:01:37.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_5',3,2,'2026-11-03T22:11:59.000Z','2026-11-03T22:11:59.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'landing_5',4,2,'2026-11-03T22:21:16.000Z','2026-11-03T22:21:16.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'question',2,1,'2026-11-03T22:00:18.000Z','2026-11-03T22:00:18.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'question',3,1,'2026-11-03T22:10:20.000Z','2026-11-03T22:10:20.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(37,'question',4,1,'2026-11-03T22:20:19.000Z','2026-11-03T22:20:19.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'answer_set',2,1,'2026-11-03T23:00:25.000Z','2026-11-03T23:00:25.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'answer_set',3,1,'2026-11-03T23:10:22.000Z','2026-11-03T23:10:22.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'answer_set',4,1,'2026-11-03T23:20:17.000Z','2026-11-03T23:20:17.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'landing_1',2,2,'2026-11-03T23:00:42.000Z','2026-11-03T23:00:42.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'landing_1',3,2,'2026-11-03T23:10:29.000Z','2026-11-03T23:10:29.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'landing_1',4,2,'2026-11-03T23:20:24.000Z','2026-11-03T23:20:24.000Z',7.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'landing_2',2,1,'2026-11-03T23:00:47.000Z','2026-11-03T23:00:47.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'landing_2',3,1,'2026-11-03T23:10:32.000Z','2026-11-03T23:10:32.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'landing_2',4,1,'2026-11-03T23:20:33.000Z','2026-11-03T23:20:33.000Z',9.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'landing_3',2,2,'2026-11-03T23:01:02.000Z','2026-11-03T23:01:02.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'landing_3',3,0,'2026-11-03T23:10:47.000Z','2026-11-03T23:10:47.000Z',15.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'landing_3',4,2,'2026-11-03T23:20:52.000Z','2026-11-03T23:20:52.000Z',19.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'question',2,2,'2026-11-03T23:00:10.000Z','2026-11-03T23:00:10.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'question',3,2,'2026-11-03T23:10:12.000Z','2026-11-03T23:10:12.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(38,'question',4,2,'2026-11-03T23:20:03.000Z','2026-11-03T23:20:03.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'answer_set',2,1,'2026-11-04T00:00:22.000Z','2026-11-04T00:00:22.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'answer_set',3,2,'2026-11-04T00:10:37.000Z','2026-11-04T00:10:37.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'answer_set',4,1,'2026-11-04T00:20:26.000Z','2026-11-04T00:20:26.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_1',2,2,'2026-11-04T00:00:25.000Z','2026-11-04T00:00:25.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_1',3,2,'2026-11-04T00:10:47.000Z','2026-11-04T00:10:47.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_1',4,2,'2026-11-04T00:20:32.000Z','2026-11-04T00:20:32.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_2',2,2,'2026-11-04T00:00:30.000Z','2026-11-04T00:00:30.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_2',3,2,'2026-11-04T00:11:07.000Z','2026-11-04T00:11:07.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_2',4,2,'2026-11-04T00:20:45.000Z','2026-11-04T00:20:45.000Z',13.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_3',2,1,'2026-11-04T00:00:50.000Z','2026-11-04T00:00:50.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_3',3,1,'2026-11-04T00:11:10.000Z','2026-11-04T00:11:10.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_3',4,1,'2026-11-04T00:20:59.000Z','2026-11-04T00:20:59.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_4',2,1,'2026-11-04T00:00:56.000Z','2026-11-04T00:00:56.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_4',3,2,'2026-11-04T00:11:15.000Z','2026-11-04T00:11:15.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'landing_4',4,2,'2026-11-04T00:21:02.000Z','2026-11-04T00:21:02.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'question',2,1,'2026-11-04T00:00:18.000Z','2026-11-04T00:00:18.000Z',18.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'question',3,1,'2026-11-04T00:10:20.000Z','2026-11-04T00:10:20.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(39,'question',4,0,'2026-11-04T00:20:16.000Z','2026-11-04T00:20:16.000Z',16.0,NULL,NULL);
INSERT INTO "labels" VALUES(40,'answer_set',2,2,'2026-11-04T01:00:14.000Z','2026-11-04T01:00:14.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(40,'answer_set',3,2,'2026-11-04T01:10:20.000Z','2026-11-04T01:10:20.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(40,'answer_set',4,0,'2026-11-04T01:20:20.000Z','2026-11-04T01:20:20.000Z',20.0,NULL,NULL);
INSERT INTO "labels" VALUES(40,'landing_1',2,2,'2026-11-04T01:00:24.000Z','2026-11-04T01:00:24.000Z',10.0,NULL,NULL);
INSERT INTO "labels" VALUES(40,'landing_1',3,2,'2026-11-04T01:10:23.000Z','2026-11-04T01:10:23.000Z',3.0,NULL,NULL);
INSERT INTO "labels" VALUES(40,'landing_1',4,1,'2026-11-04T01:20:34.000Z','2026-11-04T01:20:34.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(40,'landing_2',2,1,'2026-11-04T01:00:29.000Z','2026-11-04T01:00:29.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(40,'landing_2',3,1,'2026-11-04T01:10:28.000Z','2026-11-04T01:10:28.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(40,'landing_2',4,1,'2026-11-04T01:20:39.000Z','2026-11-04T01:20:39.000Z',5.0,NULL,NULL);
INSERT INTO "labels" VALUES(41,'coherence',7,5,'2026-11-27T22:50:20.014Z','2026-11-27T22:50:20.014Z',2.0,NULL,5);
INSERT INTO "labels" VALUES(41,'coherence',8,3,'2026-11-27T22:50:20.017Z','2026-11-27T22:50:20.017Z',2.0,NULL,3);
INSERT INTO "labels" VALUES(41,'diversity',7,1,'2026-11-27T22:50:20.014Z','2026-11-27T22:50:20.014Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(41,'diversity',8,5,'2026-11-27T22:50:20.018Z','2026-11-27T22:50:20.018Z',2.0,NULL,5);
INSERT INTO "labels" VALUES(41,'intent_reveal',7,2,'2026-11-27T22:50:20.015Z','2026-11-27T22:50:20.015Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(41,'intent_reveal',8,2,'2026-11-27T22:50:20.018Z','2026-11-27T22:50:20.018Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(41,'relevance_1',7,2,'2026-11-27T22:50:20.011Z','2026-11-27T22:50:20.011Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(41,'relevance_1',8,2,'2026-11-27T22:50:20.016Z','2026-11-27T22:50:20.016Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(41,'relevance_2',7,3,'2026-11-27T22:50:20.013Z','2026-11-27T22:50:20.013Z',2.0,NULL,3);
INSERT INTO "labels" VALUES(41,'relevance_2',8,4,'2026-11-27T22:50:20.017Z','2026-11-27T22:50:20.017Z',2.0,NULL,4);
INSERT INTO "labels" VALUES(41,'relevance_3',7,4,'2026-11-27T22:50:20.014Z','2026-11-27T22:50:20.014Z',2.0,NULL,4);
INSERT INTO "labels" VALUES(41,'relevance_3',8,1,'2026-11-27T22:50:20.017Z','2026-11-27T22:50:20.017Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(42,'coherence',7,5,'2026-11-27T22:50:20.034Z','2026-11-27T22:50:20.034Z',2.0,NULL,5);
INSERT INTO "labels" VALUES(42,'coherence',8,2,'2026-11-27T22:50:20.036Z','2026-11-27T22:50:20.036Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(42,'diversity',7,1,'2026-11-27T22:50:20.034Z','2026-11-27T22:50:20.034Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(42,'diversity',8,4,'2026-11-27T22:50:20.036Z','2026-11-27T22:50:20.036Z',2.0,NULL,4);
INSERT INTO "labels" VALUES(42,'intent_reveal',7,2,'2026-11-27T22:50:20.034Z','2026-11-27T22:50:20.034Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(42,'intent_reveal',8,1,'2026-11-27T22:50:20.037Z','2026-11-27T22:50:20.037Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(42,'relevance_1',7,3,'2026-11-27T22:50:20.032Z','2026-11-27T22:50:20.032Z',2.0,NULL,3);
INSERT INTO "labels" VALUES(42,'relevance_1',8,3,'2026-11-27T22:50:20.035Z','2026-11-27T22:50:20.035Z',2.0,NULL,3);
INSERT INTO "labels" VALUES(42,'relevance_2',7,4,'2026-11-27T22:50:20.033Z','2026-11-27T22:50:20.033Z',2.0,NULL,4);
INSERT INTO "labels" VALUES(42,'relevance_2',8,5,'2026-11-27T22:50:20.036Z','2026-11-27T22:50:20.036Z',2.0,NULL,5);
INSERT INTO "labels" VALUES(44,'coherence',2,4,'2026-11-20T09:04:00.000Z','2026-11-20T09:04:00.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(44,'coherence',3,3,'2026-11-20T10:04:00.000Z','2026-11-20T10:04:00.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(44,'coherence',4,4,'2026-11-20T11:04:00.000Z','2026-11-20T11:04:00.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(44,'diversity',2,4,'2026-11-20T09:05:00.000Z','2026-11-20T09:05:00.000Z',15.5,NULL,NULL);
INSERT INTO "labels" VALUES(44,'diversity',3,4,'2026-11-20T10:05:00.000Z','2026-11-20T10:05:00.000Z',15.5,NULL,NULL);
INSERT INTO "labels" VALUES(44,'diversity',4,3,'2026-11-20T11:05:00.000Z','2026-11-20T11:05:00.000Z',15.5,NULL,NULL);
INSERT INTO "labels" VALUES(44,'intent_reveal',2,5,'2026-11-20T09:06:00.000Z','2026-11-20T09:06:00.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(44,'intent_reveal',3,5,'2026-11-20T10:06:00.000Z','2026-11-20T10:06:00.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(44,'intent_reveal',4,4,'2026-11-20T11:06:00.000Z','2026-11-20T11:06:00.000Z',17.0,NULL,NULL);
INSERT INTO "labels" VALUES(44,'relevance_1',2,5,'2026-11-20T09:01:00.000Z','2026-11-20T09:01:00.000Z',9.5,NULL,NULL);
INSERT INTO "labels" VALUES(44,'relevance_1',3,4,'2026-11-20T10:01:00.000Z','2026-11-20T10:01:00.000Z',9.5,NULL,NULL);
INSERT INTO "labels" VALUES(44,'relevance_1',4,5,'2026-11-20T11:01:00.000Z','2026-11-20T11:01:00.000Z',9.5,NULL,NULL);
INSERT INTO "labels" VALUES(44,'relevance_2',2,3,'2026-11-20T09:02:00.000Z','2026-11-20T09:02:00.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(44,'relevance_2',3,3,'2026-11-20T10:02:00.000Z','2026-11-20T10:02:00.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(44,'relevance_2',4,4,'2026-11-20T11:02:00.000Z','2026-11-20T11:02:00.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(44,'relevance_3',2,4,'2026-11-20T09:03:00.000Z','2026-11-20T09:03:00.000Z',12.5,NULL,NULL);
INSERT INTO "labels" VALUES(44,'relevance_3',3,4,'2026-11-20T10:03:00.000Z','2026-11-20T10:03:00.000Z',12.5,NULL,NULL);
INSERT INTO "labels" VALUES(44,'relevance_3',4,5,'2026-11-20T11:03:00.000Z','2026-11-20T11:03:00.000Z',12.5,NULL,NULL);
INSERT INTO "labels" VALUES(45,'coherence',2,3,'2026-11-20T09:12:00.000Z','2026-11-20T09:12:00.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(45,'coherence',3,4,'2026-11-20T10:12:00.000Z','2026-11-20T10:12:00.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(45,'coherence',4,3,'2026-11-20T11:12:00.000Z','2026-11-20T11:12:00.000Z',11.0,NULL,NULL);
INSERT INTO "labels" VALUES(45,'diversity',2,2,'2026-11-20T09:13:00.000Z','2026-11-20T09:13:00.000Z',12.5,NULL,NULL);
INSERT INTO "labels" VALUES(45,'diversity',3,2,'2026-11-20T10:13:00.000Z','2026-11-20T10:13:00.000Z',12.5,NULL,NULL);
INSERT INTO "labels" VALUES(45,'diversity',4,3,'2026-11-20T11:13:00.000Z','2026-11-20T11:13:00.000Z',12.5,NULL,NULL);
INSERT INTO "labels" VALUES(45,'intent_reveal',2,4,'2026-11-20T09:14:00.000Z','2026-11-20T09:14:00.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(45,'intent_reveal',3,3,'2026-11-20T10:14:00.000Z','2026-11-20T10:14:00.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(45,'intent_reveal',4,3,'2026-11-20T11:14:00.000Z','2026-11-20T11:14:00.000Z',14.0,NULL,NULL);
INSERT INTO "labels" VALUES(45,'relevance_1',2,5,'2026-11-20T09:11:00.000Z','2026-11-20T09:11:00.000Z',9.5,NULL,NULL);
INSERT INTO "labels" VALUES(45,'relevance_1',3,5,'2026-11-20T10:11:00.000Z','2026-11-20T10:11:00.000Z',9.5,NULL,NULL);
INSERT INTO "labels" VALUES(45,'relevance_1',4,5,'2026-11-20T11:11:00.000Z','2026-11-20T11:11:00.000Z',9.5,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_1',2,1,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_1',3,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_1',4,1,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_2',2,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_2',3,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_2',4,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_3',2,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_3',3,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_3',4,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_4',2,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_4',3,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(46,'nugget_4',4,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(47,'nugget_1',2,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(47,'nugget_1',3,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(47,'nugget_1',4,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(47,'nugget_2',2,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(47,'nugget_2',3,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(47,'nugget_2',4,1,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(47,'nugget_3',2,1,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(47,'nugget_3',3,0,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(47,'nugget_3',4,1,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(48,'nugget_1',7,2,'2026-11-27T22:50:20.044Z','2026-11-27T22:50:20.044Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(48,'nugget_1',8,1,'2026-11-27T22:50:20.045Z','2026-11-27T22:50:20.045Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(48,'nugget_2',7,0,'2026-11-27T22:50:20.045Z','2026-11-27T22:50:20.045Z',2.0,NULL,0);
INSERT INTO "labels" VALUES(48,'nugget_2',8,0,'2026-11-27T22:50:20.046Z','2026-11-27T22:50:20.046Z',2.0,NULL,0);
INSERT INTO "labels" VALUES(50,'nugget_1',2,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(50,'nugget_1',3,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(50,'nugget_1',4,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(50,'nugget_2',2,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(50,'nugget_2',3,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(50,'nugget_2',4,1,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(50,'nugget_3',2,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(50,'nugget_3',3,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(50,'nugget_3',4,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(50,'nugget_4',2,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(50,'nugget_4',3,1,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(50,'nugget_4',4,1,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(51,'nugget_1',2,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(51,'nugget_1',3,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(51,'nugget_1',4,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(51,'nugget_2',2,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(51,'nugget_2',3,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(51,'nugget_2',4,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(51,'nugget_3',2,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(51,'nugget_3',3,1,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(51,'nugget_3',4,2,'2026-11-27T22:50:19.684Z','2026-11-27T22:50:19.684Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(54,'facet',7,3,'2026-11-27T22:50:20.022Z','2026-11-27T22:50:20.022Z',2.0,NULL,3);
INSERT INTO "labels" VALUES(54,'facet',9,3,'2026-11-27T22:50:20.063Z','2026-11-27T22:50:20.063Z',2.0,NULL,3);
INSERT INTO "labels" VALUES(54,'necessity',7,1,'2026-11-27T22:50:20.022Z','2026-11-27T22:50:20.022Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(54,'necessity',8,0,'2026-11-27T22:50:20.023Z','2026-11-27T22:50:20.023Z',2.0,NULL,0);
INSERT INTO "labels" VALUES(54,'necessity',9,1,'2026-11-27T22:50:20.062Z','2026-11-27T22:50:20.062Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(55,'facet',7,2,'2026-11-27T22:50:20.040Z','2026-11-27T22:50:20.040Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(55,'facet',9,2,'2026-11-27T22:50:20.065Z','2026-11-27T22:50:20.065Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(55,'necessity',7,1,'2026-11-27T22:50:20.040Z','2026-11-27T22:50:20.040Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(55,'necessity',8,0,'2026-11-27T22:50:20.041Z','2026-11-27T22:50:20.041Z',2.0,NULL,0);
INSERT INTO "labels" VALUES(55,'necessity',9,1,'2026-11-27T22:50:20.065Z','2026-11-27T22:50:20.065Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(56,'facet',9,3,'2026-11-27T22:50:20.068Z','2026-11-27T22:50:20.068Z',2.0,NULL,3);
INSERT INTO "labels" VALUES(56,'necessity',8,0,'2026-11-27T22:50:20.049Z','2026-11-27T22:50:20.050Z',4.0,NULL,1);
INSERT INTO "labels" VALUES(56,'necessity',9,1,'2026-11-27T22:50:20.068Z','2026-11-27T22:50:20.068Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(57,'facet',9,2,'2026-11-27T22:50:20.072Z','2026-11-27T22:50:20.072Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(57,'necessity',9,1,'2026-11-27T22:50:20.071Z','2026-11-27T22:50:20.071Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(58,'facet',2,4,'2026-11-04T09:00:14.000Z','2026-11-04T09:00:14.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(58,'facet',3,4,'2026-11-04T09:00:28.000Z','2026-11-04T09:00:28.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(58,'facet',4,3,'2026-11-04T09:00:42.000Z','2026-11-04T09:00:42.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(58,'necessity',2,1,'2026-11-04T09:00:07.000Z','2026-11-04T09:00:07.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(58,'necessity',3,1,'2026-11-04T09:00:21.000Z','2026-11-04T09:00:21.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(58,'necessity',4,1,'2026-11-04T09:00:35.000Z','2026-11-04T09:00:35.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(59,'facet',4,2,'2026-11-04T09:01:10.000Z','2026-11-04T09:01:10.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(59,'necessity',2,0,'2026-11-04T09:00:49.000Z','2026-11-04T09:00:49.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(59,'necessity',3,0,'2026-11-04T09:00:56.000Z','2026-11-04T09:00:56.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(59,'necessity',4,1,'2026-11-04T09:01:03.000Z','2026-11-04T09:01:03.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(60,'facet',2,3,'2026-11-04T09:01:24.000Z','2026-11-04T09:01:24.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(60,'facet',3,3,'2026-11-04T09:01:38.000Z','2026-11-04T09:01:38.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(60,'facet',4,3,'2026-11-04T09:01:52.000Z','2026-11-04T09:01:52.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(60,'necessity',2,1,'2026-11-04T09:01:17.000Z','2026-11-04T09:01:17.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(60,'necessity',3,1,'2026-11-04T09:01:31.000Z','2026-11-04T09:01:31.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(60,'necessity',4,1,'2026-11-04T09:01:45.000Z','2026-11-04T09:01:45.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(61,'facet',2,3,'2026-11-04T09:02:06.000Z','2026-11-04T09:02:06.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(61,'facet',3,3,'2026-11-04T09:02:20.000Z','2026-11-04T09:02:20.000Z',4.0,NULL,NULL);
INSERT INTO "labels" VALUES(61,'necessity',2,1,'2026-11-04T09:01:59.000Z','2026-11-04T09:01:59.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(61,'necessity',3,1,'2026-11-04T09:02:13.000Z','2026-11-04T09:02:13.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(61,'necessity',4,0,'2026-11-04T09:02:27.000Z','2026-11-04T09:02:27.000Z',6.0,NULL,NULL);
INSERT INTO "labels" VALUES(62,'preference',7,0,'2026-11-27T22:50:20.020Z','2026-11-27T22:50:20.020Z',2.0,NULL,0);
INSERT INTO "labels" VALUES(62,'preference',8,1,'2026-11-27T22:50:20.021Z','2026-11-27T22:50:20.021Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(62,'preference',9,1,'2026-11-27T22:50:20.075Z','2026-11-27T22:50:20.075Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(63,'preference',7,0,'2026-11-27T22:50:20.038Z','2026-11-27T22:50:20.038Z',2.0,NULL,0);
INSERT INTO "labels" VALUES(63,'preference',8,2,'2026-11-27T22:50:20.039Z','2026-11-27T22:50:20.039Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(63,'preference',9,1,'2026-11-27T22:50:20.076Z','2026-11-27T22:50:20.076Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(64,'preference',9,1,'2026-11-27T22:50:20.077Z','2026-11-27T22:50:20.077Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(65,'preference',9,1,'2026-11-27T22:50:20.081Z','2026-11-27T22:50:20.081Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(66,'preference',2,2,'2026-11-04T09:02:34.000Z','2026-11-04T09:02:34.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(66,'preference',3,2,'2026-11-04T09:02:41.000Z','2026-11-04T09:02:41.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(66,'preference',4,1,'2026-11-04T09:02:48.000Z','2026-11-04T09:02:48.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(67,'preference',2,0,'2026-11-04T09:02:55.000Z','2026-11-04T09:02:55.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(67,'preference',3,0,'2026-11-04T09:03:02.000Z','2026-11-04T09:03:02.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(67,'preference',4,0,'2026-11-04T09:03:09.000Z','2026-11-04T09:03:09.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(68,'preference',2,0,'2026-11-04T09:03:16.000Z','2026-11-04T09:03:16.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(68,'preference',3,0,'2026-11-04T09:03:23.000Z','2026-11-04T09:03:23.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(68,'preference',4,1,'2026-11-04T09:03:30.000Z','2026-11-04T09:03:30.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(69,'preference',2,0,'2026-11-04T09:03:37.000Z','2026-11-04T09:03:37.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(69,'preference',3,1,'2026-11-04T09:03:44.000Z','2026-11-04T09:03:44.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(69,'preference',4,0,'2026-11-04T09:03:51.000Z','2026-11-04T09:03:51.000Z',12.0,NULL,NULL);
INSERT INTO "labels" VALUES(74,'need',7,2,'2026-11-27T22:50:20.024Z','2026-11-27T22:50:20.024Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(74,'need',8,3,'2026-11-27T22:50:20.025Z','2026-11-27T22:50:20.025Z',2.0,NULL,3);
INSERT INTO "labels" VALUES(74,'need',11,2,'2026-11-27T22:50:19.799Z','2026-11-27T22:50:19.799Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(75,'need',7,2,'2026-11-27T22:50:20.042Z','2026-11-27T22:50:20.042Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(75,'need',8,3,'2026-11-27T22:50:20.043Z','2026-11-27T22:50:20.043Z',2.0,NULL,3);
INSERT INTO "labels" VALUES(75,'need',11,1,'2026-11-27T22:50:19.799Z','2026-11-27T22:50:19.799Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(76,'need',11,4,'2026-11-27T22:50:19.799Z','2026-11-27T22:50:19.799Z',NULL,NULL,NULL);
INSERT INTO "labels" VALUES(77,'facet',7,2,'2026-11-27T22:50:20.053Z','2026-11-27T22:50:20.053Z',2.0,NULL,2);
INSERT INTO "labels" VALUES(77,'necessity',7,1,'2026-11-27T22:50:20.052Z','2026-11-27T22:50:20.052Z',2.0,NULL,1);
INSERT INTO "labels" VALUES(85,'necessity',8,0,'2026-11-27T22:50:20.054Z','2026-11-27T22:50:20.054Z',2.0,NULL,0);
CREATE TABLE notes (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    step         TEXT NOT NULL,
    body         TEXT NOT NULL CHECK (length(body) > 0),
    at           TEXT NOT NULL
);
INSERT INTO "notes" VALUES(1,42,8,'coherence','turn 2 repeats turn 1','2026-11-27T22:50:20.083Z');
CREATE TABLE nuggets (
    intent_id INTEGER NOT NULL REFERENCES intents(id),
    pos       INTEGER NOT NULL CHECK (pos BETWEEN 1 AND 30),  -- unit nugget_<pos>
    nugget    TEXT NOT NULL,                                  -- its id in the gold file
    text      TEXT NOT NULL,
    weight    REAL NOT NULL CHECK (weight >= 0), importance TEXT NOT NULL DEFAULT '' CHECK (importance IN ('', 'vital', 'okay')),
    PRIMARY KEY (intent_id, pos),
    UNIQUE (intent_id, nugget)
) WITHOUT ROWID;
INSERT INTO "nuggets" VALUES(1,1,'n1','The bridge opened to vehicle traffic on 28 May 1937.',3.0,'');
INSERT INTO "nuggets" VALUES(1,2,'n2','Joseph Strauss was the chief engineer.',2.0,'');
INSERT INTO "nuggets" VALUES(1,3,'n3','Its main span is 1,280 metres (4,200 ft) long.',2.0,'');
INSERT INTO "nuggets" VALUES(1,4,'n4','It was the longest suspension bridge main span in the world when it opened.',1.0,'');
INSERT INTO "nuggets" VALUES(2,1,'n1','A single shot of espresso has roughly 60–65 mg of caffeine.',3.0,'');
INSERT INTO "nuggets" VALUES(2,2,'n2','An 8 oz (240 ml) cup of drip coffee has roughly 80–100 mg.',3.0,'');
INSERT INTO "nuggets" VALUES(2,3,'n3','Per millilitre espresso is far more concentrated.',1.0,'');
INSERT INTO "nuggets" VALUES(3,1,'n1','Stays of up to 90 days in any 180-day period.',3.0,'');
INSERT INTO "nuggets" VALUES(3,2,'n2','Travel medical insurance with at least €30,000 cover is required.',2.0,'');
INSERT INTO "nuggets" VALUES(3,3,'n3','Apply at the consulate of the main destination country.',2.0,'');
INSERT INTO "nuggets" VALUES(3,4,'n4','The standard visa fee is €90 for adults.',1.0,'');
INSERT INTO "nuggets" VALUES(3,5,'n5','Proof of accommodation and of sufficient funds.',1.0,'');
INSERT INTO "nuggets" VALUES(4,1,'n1','Feed it, let it rise briefly, then keep it in the fridge.',3.0,'');
INSERT INTO "nuggets" VALUES(4,2,'n2','A stiffer starter (less water) lasts longer unfed.',1.0,'');
INSERT INTO "nuggets" VALUES(4,3,'n3','On return, discard and feed it once or twice at room temperature before baking.',2.0,'');
CREATE TABLE open_parts (
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL,
    unit_type    TEXT NOT NULL,
    pattern      TEXT NOT NULL,
    units        INTEGER NOT NULL CHECK (units > 0),
    PRIMARY KEY (dataset_id, annotator_id, unit_type, pattern)
) WITHOUT ROWID;
INSERT INTO "open_parts" VALUES(1,0,'answer_set','0 0 2 0 0 0',1);
INSERT INTO "open_parts" VALUES(1,0,'answer_set','1 0 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(1,0,'landing','0 0 2 0 0 0',2);
INSERT INTO "open_parts" VALUES(1,0,'landing','0 1 1 0 0 0',3);
INSERT INTO "open_parts" VALUES(1,0,'landing','1 0 1 0 0 0',3);
INSERT INTO "open_parts" VALUES(1,0,'question','0 0 2 0 0 0',2);
INSERT INTO "open_parts" VALUES(1,7,'','',2);
INSERT INTO "open_parts" VALUES(1,7,'answer_set','0 0 2 0 0 0',1);
INSERT INTO "open_parts" VALUES(1,7,'answer_set','1 0 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(1,7,'landing','0 0 2 0 0 0',2);
INSERT INTO "open_parts" VALUES(1,7,'landing','0 1 1 0 0 0',3);
INSERT INTO "open_parts" VALUES(1,7,'landing','1 0 1 0 0 0',3);
INSERT INTO "open_parts" VALUES(1,7,'question','0 0 2 0 0 0',2);
INSERT INTO "open_parts" VALUES(1,8,'','',2);
INSERT INTO "open_parts" VALUES(1,8,'answer_set','0 0 2 0 0 0',1);
INSERT INTO "open_parts" VALUES(1,8,'answer_set','1 0 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(1,8,'landing','0 0 2 0 0 0',2);
INSERT INTO "open_parts" VALUES(1,8,'landing','0 1 1 0 0 0',3);
INSERT INTO "open_parts" VALUES(1,8,'landing','1 0 1 0 0 0',3);
INSERT INTO "open_parts" VALUES(1,8,'question','0 0 2 0 0 0',2);
INSERT INTO "open_parts" VALUES(2,0,'coherence','0 0 0 1 0 1',1);
INSERT INTO "open_parts" VALUES(2,0,'coherence','0 0 1 0 0 1',1);
INSERT INTO "open_parts" VALUES(2,0,'diversity','0 1 0 0 0 1',1);
INSERT INTO "open_parts" VALUES(2,0,'diversity','0 1 0 0 1 0',1);
INSERT INTO "open_parts" VALUES(2,0,'intent_reveal','0 0 2 0 0 0',1);
INSERT INTO "open_parts" VALUES(2,0,'intent_reveal','0 1 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(2,0,'relevance','0 0 0 0 1 1',1);
INSERT INTO "open_parts" VALUES(2,0,'relevance','0 0 0 1 1 0',1);
INSERT INTO "open_parts" VALUES(2,0,'relevance','0 0 0 2 0 0',1);
INSERT INTO "open_parts" VALUES(2,0,'relevance','0 0 2 0 0 0',1);
INSERT INTO "open_parts" VALUES(2,0,'relevance','0 1 0 0 1 0',1);
INSERT INTO "open_parts" VALUES(2,7,'','',2);
INSERT INTO "open_parts" VALUES(2,7,'coherence','0 0 0 1 0 1',1);
INSERT INTO "open_parts" VALUES(2,7,'coherence','0 0 1 0 0 1',1);
INSERT INTO "open_parts" VALUES(2,7,'diversity','0 1 0 0 0 1',1);
INSERT INTO "open_parts" VALUES(2,7,'diversity','0 1 0 0 1 0',1);
INSERT INTO "open_parts" VALUES(2,7,'intent_reveal','0 0 2 0 0 0',1);
INSERT INTO "open_parts" VALUES(2,7,'intent_reveal','0 1 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(2,7,'relevance','0 0 0 0 1 1',1);
INSERT INTO "open_parts" VALUES(2,7,'relevance','0 0 0 1 1 0',1);
INSERT INTO "open_parts" VALUES(2,7,'relevance','0 0 0 2 0 0',1);
INSERT INTO "open_parts" VALUES(2,7,'relevance','0 0 2 0 0 0',1);
INSERT INTO "open_parts" VALUES(2,7,'relevance','0 1 0 0 1 0',1);
INSERT INTO "open_parts" VALUES(2,8,'','',2);
INSERT INTO "open_parts" VALUES(2,8,'coherence','0 0 0 1 0 1',1);
INSERT INTO "open_parts" VALUES(2,8,'coherence','0 0 1 0 0 1',1);
INSERT INTO "open_parts" VALUES(2,8,'diversity','0 1 0 0 0 1',1);
INSERT INTO "open_parts" VALUES(2,8,'diversity','0 1 0 0 1 0',1);
INSERT INTO "open_parts" VALUES(2,8,'intent_reveal','0 0 2 0 0 0',1);
INSERT INTO "open_parts" VALUES(2,8,'intent_reveal','0 1 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(2,8,'relevance','0 0 0 0 1 1',1);
INSERT INTO "open_parts" VALUES(2,8,'relevance','0 0 0 1 1 0',1);
INSERT INTO "open_parts" VALUES(2,8,'relevance','0 0 0 2 0 0',1);
INSERT INTO "open_parts" VALUES(2,8,'relevance','0 0 2 0 0 0',1);
INSERT INTO "open_parts" VALUES(2,8,'relevance','0 1 0 0 1 0',1);
INSERT INTO "open_parts" VALUES(4,0,'facet','0 0 0 1 0 0',1);
INSERT INTO "open_parts" VALUES(4,0,'facet','0 0 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(4,0,'necessity','0 1 0 0 0 0',1);
INSERT INTO "open_parts" VALUES(4,0,'necessity','1 1 0 0 0 0',1);
INSERT INTO "open_parts" VALUES(4,8,'','',1);
INSERT INTO "open_parts" VALUES(4,8,'facet','0 0 0 1 0 0',1);
INSERT INTO "open_parts" VALUES(4,8,'necessity','1 1 0 0 0 0',1);
INSERT INTO "open_parts" VALUES(4,9,'','',2);
INSERT INTO "open_parts" VALUES(4,9,'facet','0 0 0 1 0 0',1);
INSERT INTO "open_parts" VALUES(4,9,'facet','0 0 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(4,9,'necessity','0 1 0 0 0 0',1);
INSERT INTO "open_parts" VALUES(4,9,'necessity','1 1 0 0 0 0',1);
INSERT INTO "open_parts" VALUES(5,0,'preference','0 1 0 0 0 0',2);
INSERT INTO "open_parts" VALUES(5,0,'preference','1 1 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(5,7,'','',1);
INSERT INTO "open_parts" VALUES(5,7,'preference','1 1 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(5,8,'','',1);
INSERT INTO "open_parts" VALUES(5,8,'preference','1 1 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(5,9,'','',3);
INSERT INTO "open_parts" VALUES(5,9,'preference','0 1 0 0 0 0',2);
INSERT INTO "open_parts" VALUES(5,9,'preference','1 1 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(7,0,'need','0 0 0 0 1 0',1);
INSERT INTO "open_parts" VALUES(7,0,'need','0 0 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(7,0,'need','0 1 0 0 0 0',1);
INSERT INTO "open_parts" VALUES(10,0,'facet','0 0 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(10,0,'necessity','0 1 0 0 0 0',1);
INSERT INTO "open_parts" VALUES(10,7,'','',1);
INSERT INTO "open_parts" VALUES(10,7,'facet','0 0 1 0 0 0',1);
INSERT INTO "open_parts" VALUES(10,7,'necessity','0 1 0 0 0 0',1);
INSERT INTO "open_parts" VALUES(11,0,'necessity','1 0 0 0 0 0',1);
INSERT INTO "open_parts" VALUES(11,8,'','',1);
INSERT INTO "open_parts" VALUES(11,8,'necessity','1 0 0 0 0 0',1);
CREATE TABLE pairs (
    item_id       INTEGER PRIMARY KEY REFERENCES items(id),
    first         TEXT NOT NULL CHECK (length(first) > 0),
    second        TEXT NOT NULL CHECK (length(second) > 0 AND second != first),
    first_output  TEXT NOT NULL,
    second_output TEXT NOT NULL,
    first_left    INTEGER NOT NULL CHECK (first_left IN (0, 1))
);
INSERT INTO "pairs" VALUES(62,'answer-first','ask-first','I''ve booked a table for two at 7 pm at the nearest Italian place.','Happy to. Which restaurant or area, and for how many people?',1);
INSERT INTO "pairs" VALUES(63,'answer-first','ask-first','100 °C at standard sea-level pressure (1 atm).','Do you mean pure water or salt water?',1);
INSERT INTO "pairs" VALUES(64,'answer-first','ask-first','Jaguar is a British maker of luxury cars, founded in 1922 as the Swallow Sidecar Company.','Do you mean the big cat or the car maker?',1);
INSERT INTO "pairs" VALUES(65,'answer-first','ask-first','Hold the reset button on the back for 10 seconds until the lights blink.','Which one do you want to reset: the router or the phone?',0);
INSERT INTO "pairs" VALUES(66,'answer-first','ask-first','Buenos días.','Formal or informal Spanish?',0);
INSERT INTO "pairs" VALUES(67,'answer-first','ask-first','It''s sunny and 22 °C.','Which city should I look up?',0);
INSERT INTO "pairs" VALUES(68,'answer-first','ask-first','Visas are issued by embassies. Fill in the form, pay the fee and book an appointment.','Sure. Which country are you going to, and what passport do you hold?',0);
INSERT INTO "pairs" VALUES(69,'answer-first','ask-first','The ThinkPad X1 Carbon is a solid choice for most people.','What will you mostly use it for, and what is your budget?',1);
CREATE TABLE practice_attempts (
    id           INTEGER PRIMARY KEY,
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),  -- the task's
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    item_id      INTEGER NOT NULL REFERENCES items(id),
    units        INTEGER NOT NULL CHECK (units >= 0),
    matched      INTEGER NOT NULL CHECK (matched BETWEEN 0 AND units),
    retry        INTEGER NOT NULL CHECK (retry IN (0, 1)),
    at           TEXT NOT NULL
);
CREATE TABLE protocols (
    name     TEXT PRIMARY KEY,
    text     TEXT NOT NULL,
    added_by INTEGER REFERENCES annotators(id),
    added_at TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO "protocols" VALUES('clariq','# ClariQ (Aliannejadi et al., 2021): a search request''s need for a
# clarifying question, then the usefulness of each question a system could
# ask back. Its train.tsv, dev.tsv and test_with_labels.tsv import as
# released: one row per (topic, facet, question), so a topic''s rows are one
# item and a question''s facet rows one element (question_id). The need''s
# release label is clarification_need; ClariQ releases no usefulness label.
name = "clariq"
title = "ClariQ clarification need and question usefulness"
items = "requests"
guideline = """
You see a search request as someone typed it, and then, one by one, the
clarifying questions a search system could ask back. First say how much
the request needs a clarifying question at all; then, when it needs one,
how useful each question would be to find what the person wants."""

[item]
header = ["topic_id", "initial_request", "topic_desc", "clarification_need", "facet_id", "facet_desc", "question_id", "question", "answer"]
group = "topic_id"
id = ["topic_id"]
text = ["initial_request", "question"]
element = "question_id"
row_name = "question"
row_id = "question_id"

[[scale]]
name = "need"
values = [1, 2, 3, 4]
keys = ["1", "2", "3", "4"]
names = ["no need", "may help", "needed", "necessary"]

[[scale]]
name = "usefulness"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["not useful", "somewhat useful", "useful"]

[[step]]
title = "How much does the request need a clarifying question?"
unit = "need"
show = ["initial_request"]
scale = "need"
column = "clarification_need"
guideline = "Could a search engine answer the request well as it is, or should it ask back first?"
label_text = [
    "the request is clear: asking back would only delay the answer",
    "the request is mostly clear: a question could help, but is not needed",
    "the request is ambiguous or broad: a question is needed to answer it well",
    "the request cannot be answered well without asking back",
]

[[step]]
title = "How useful is this clarifying question?"
unit = "usefulness"
per = "element"
show = ["initial_request", "question"]
scale = "usefulness"
when = { unit = "need", in = [2, 3, 4] }
guideline = "Would the person''s answer to this question help find what they want?"
label_text = [
    "it does not help, or is off the request''s topic",
    "it helps with part of what the person might want",
    "its answer would tell the system what the person wants",
]
',1,'2026-11-27T22:50:19.743Z');
CREATE TABLE referrals (
    item_id INTEGER NOT NULL REFERENCES items(id),
    unit    TEXT NOT NULL,
    sent_by INTEGER NOT NULL REFERENCES annotators(id),
    reason  TEXT NOT NULL DEFAULT '',
    at      TEXT NOT NULL,
    PRIMARY KEY (item_id, unit)
) WITHOUT ROWID;
CREATE TABLE repeat_labels (
    repeat_id INTEGER NOT NULL REFERENCES repeats(id),
    unit      TEXT NOT NULL,
    value     INTEGER NOT NULL,
    seconds   REAL,
    at        TEXT NOT NULL, text TEXT,
    PRIMARY KEY (repeat_id, unit)
) WITHOUT ROWID;
INSERT INTO "repeat_labels" VALUES(1,'facet',3,2.0,'2026-11-27T22:50:20.067Z',NULL);
INSERT INTO "repeat_labels" VALUES(1,'necessity',1,2.0,'2026-11-27T22:50:20.066Z',NULL);
INSERT INTO "repeat_labels" VALUES(2,'facet',2,2.0,'2026-11-27T22:50:20.070Z',NULL);
INSERT INTO "repeat_labels" VALUES(2,'necessity',1,2.0,'2026-11-27T22:50:20.070Z',NULL);
INSERT INTO "repeat_labels" VALUES(3,'preference',1,2.0,'2026-11-27T22:50:20.078Z',NULL);
INSERT INTO "repeat_labels" VALUES(4,'preference',1,2.0,'2026-11-27T22:50:20.079Z',NULL);
CREATE TABLE repeats (
    id            INTEGER PRIMARY KEY,
    item_id       INTEGER NOT NULL REFERENCES items(id),
    annotator_id  INTEGER NOT NULL REFERENCES annotators(id),
    started_at    TEXT NOT NULL,
    serp_reviewed TEXT,
    finished_at   TEXT,
    too_fast      INTEGER NOT NULL DEFAULT 0 CHECK (too_fast IN (0, 1)), rev INTEGER NOT NULL DEFAULT 0, swapped INTEGER NOT NULL DEFAULT 0 CHECK (swapped IN (0, 1)), later_at TEXT, given_back_at TEXT,
    UNIQUE (item_id, annotator_id)
);
INSERT INTO "repeats" VALUES(1,54,9,'2026-11-27T22:50:20.066Z',NULL,'2026-11-27T22:50:20.067Z',0,2,0,NULL,NULL);
INSERT INTO "repeats" VALUES(2,55,9,'2026-11-27T22:50:20.069Z',NULL,'2026-11-27T22:50:20.070Z',0,2,0,NULL,NULL);
INSERT INTO "repeats" VALUES(3,62,9,'2026-11-27T22:50:20.077Z',NULL,'2026-11-27T22:50:20.078Z',0,1,1,NULL,NULL);
INSERT INTO "repeats" VALUES(4,63,9,'2026-11-27T22:50:20.079Z',NULL,'2026-11-27T22:50:20.079Z',0,1,1,NULL,NULL);
CREATE TABLE run_docs (
    run_id INTEGER NOT NULL REFERENCES runs(id),
    query  TEXT NOT NULL,
    doc    TEXT NOT NULL,
    score  REAL NOT NULL,
    PRIMARY KEY (run_id, query, doc)
) WITHOUT ROWID;
INSERT INTO "run_docs" VALUES(1,'0c2338bd86ea6767','1',3.08);
INSERT INTO "run_docs" VALUES(1,'0c2338bd86ea6767','2',8.16);
INSERT INTO "run_docs" VALUES(1,'0c2338bd86ea6767','3',1.81);
INSERT INTO "run_docs" VALUES(1,'0c2338bd86ea6767','4',5.82);
INSERT INTO "run_docs" VALUES(1,'167898f358b1292e','1',1.24);
INSERT INTO "run_docs" VALUES(1,'167898f358b1292e','2',2.23);
INSERT INTO "run_docs" VALUES(1,'167898f358b1292e','3',6.27);
INSERT INTO "run_docs" VALUES(1,'33a319f0a0fb0d2f','1',0.91);
INSERT INTO "run_docs" VALUES(1,'33a319f0a0fb0d2f','2',4.25);
INSERT INTO "run_docs" VALUES(1,'33a319f0a0fb0d2f','3',8.27);
INSERT INTO "run_docs" VALUES(1,'44599e0ccc08989e','1',4.28);
INSERT INTO "run_docs" VALUES(1,'44599e0ccc08989e','2',3.14);
INSERT INTO "run_docs" VALUES(1,'44599e0ccc08989e','3',5.86);
INSERT INTO "run_docs" VALUES(1,'46d6d8f8856ec64b','1',5.0);
INSERT INTO "run_docs" VALUES(1,'46d6d8f8856ec64b','2',5.0);
INSERT INTO "run_docs" VALUES(1,'46d6d8f8856ec64b','3',1.25);
INSERT INTO "run_docs" VALUES(1,'4b23aa798b7dd8c0','1',0.37);
INSERT INTO "run_docs" VALUES(1,'4b23aa798b7dd8c0','2',4.34);
INSERT INTO "run_docs" VALUES(1,'4b23aa798b7dd8c0','3',0.7);
INSERT INTO "run_docs" VALUES(1,'7cd616fc11eb6f0f','1',2.9);
INSERT INTO "run_docs" VALUES(1,'7cd616fc11eb6f0f','2',1.44);
INSERT INTO "run_docs" VALUES(1,'7cd616fc11eb6f0f','3',1.18);
INSERT INTO "run_docs" VALUES(1,'a6c5834b6cbecc90','1',6.39);
INSERT INTO "run_docs" VALUES(1,'a6c5834b6cbecc90','2',3.72);
INSERT INTO "run_docs" VALUES(1,'a6c5834b6cbecc90','3',5.48);
INSERT INTO "run_docs" VALUES(1,'bff7b81e6b944aed','1',0.63);
INSERT INTO "run_docs" VALUES(1,'bff7b81e6b944aed','2',0.6);
INSERT INTO "run_docs" VALUES(1,'bff7b81e6b944aed','3',2.06);
INSERT INTO "run_docs" VALUES(1,'bff7b81e6b944aed','4',6.8);
INSERT INTO "run_docs" VALUES(1,'c320a892e7ebc569','1',5.36);
INSERT INTO "run_docs" VALUES(1,'c320a892e7ebc569','2',3.66);
INSERT INTO "run_docs" VALUES(1,'c320a892e7ebc569','3',0.58);
INSERT INTO "run_docs" VALUES(1,'c320a892e7ebc569','4',5.07);
INSERT INTO "run_docs" VALUES(1,'c47950bdbed9465e','1',3.24);
INSERT INTO "run_docs" VALUES(1,'c47950bdbed9465e','2',1.51);
INSERT INTO "run_docs" VALUES(1,'c47950bdbed9465e','3',6.51);
INSERT INTO "run_docs" VALUES(1,'c47950bdbed9465e','4',0.72);
INSERT INTO "run_docs" VALUES(1,'c8d5696ff906becd','1',9.76);
INSERT INTO "run_docs" VALUES(1,'c8d5696ff906becd','2',0.47);
INSERT INTO "run_docs" VALUES(1,'c8d5696ff906becd','3',8.58);
CREATE TABLE "run_labels" (
    run_id  INTEGER NOT NULL REFERENCES runs(id),
    item_id INTEGER NOT NULL REFERENCES items(id),
    unit    TEXT NOT NULL,
    value   INTEGER NOT NULL CHECK (value BETWEEN 0 AND 11), confidence REAL CHECK (confidence IS NULL OR confidence BETWEEN 0 AND 1),
    PRIMARY KEY (run_id, item_id, unit)
) WITHOUT ROWID;
INSERT INTO "run_labels" VALUES(4,54,'facet',4,NULL);
INSERT INTO "run_labels" VALUES(4,54,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(4,55,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(4,56,'facet',3,NULL);
INSERT INTO "run_labels" VALUES(4,56,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(4,57,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(4,58,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(4,59,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(4,60,'facet',4,NULL);
INSERT INTO "run_labels" VALUES(4,60,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(4,61,'facet',3,NULL);
INSERT INTO "run_labels" VALUES(4,61,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(6,62,'preference',0,NULL);
INSERT INTO "run_labels" VALUES(6,63,'preference',2,NULL);
INSERT INTO "run_labels" VALUES(6,64,'preference',0,NULL);
INSERT INTO "run_labels" VALUES(6,65,'preference',0,NULL);
INSERT INTO "run_labels" VALUES(6,66,'preference',2,NULL);
INSERT INTO "run_labels" VALUES(6,67,'preference',0,NULL);
INSERT INTO "run_labels" VALUES(6,68,'preference',0,NULL);
INSERT INTO "run_labels" VALUES(6,69,'preference',1,NULL);
INSERT INTO "run_labels" VALUES(7,54,'facet',4,NULL);
INSERT INTO "run_labels" VALUES(7,54,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(7,55,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(7,56,'facet',3,NULL);
INSERT INTO "run_labels" VALUES(7,56,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(7,57,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(7,58,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(7,59,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(7,60,'facet',4,NULL);
INSERT INTO "run_labels" VALUES(7,60,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(7,61,'facet',3,NULL);
INSERT INTO "run_labels" VALUES(7,61,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(9,77,'facet',4,NULL);
INSERT INTO "run_labels" VALUES(9,77,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(9,78,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(9,79,'facet',3,NULL);
INSERT INTO "run_labels" VALUES(9,79,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(9,80,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(9,81,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(9,82,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(9,83,'facet',4,NULL);
INSERT INTO "run_labels" VALUES(9,83,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(9,84,'facet',3,NULL);
INSERT INTO "run_labels" VALUES(9,84,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(10,85,'facet',4,NULL);
INSERT INTO "run_labels" VALUES(10,85,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(10,86,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(10,87,'facet',3,NULL);
INSERT INTO "run_labels" VALUES(10,87,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(10,88,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(10,89,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(10,90,'necessity',0,NULL);
INSERT INTO "run_labels" VALUES(10,91,'facet',4,NULL);
INSERT INTO "run_labels" VALUES(10,91,'necessity',1,NULL);
INSERT INTO "run_labels" VALUES(10,92,'facet',3,NULL);
INSERT INTO "run_labels" VALUES(10,92,'necessity',1,NULL);
CREATE TABLE run_questions (
    run_id  INTEGER NOT NULL REFERENCES runs(id),
    item_id INTEGER NOT NULL REFERENCES items(id),
    text    TEXT NOT NULL,
    PRIMARY KEY (run_id, item_id)
) WITHOUT ROWID;
INSERT INTO "run_questions" VALUES(5,54,'How many people is the table for?');
INSERT INTO "run_questions" VALUES(5,56,'Which country is the trip to?');
INSERT INTO "run_questions" VALUES(5,58,'Are you asking about the car or the animal?');
INSERT INTO "run_questions" VALUES(5,60,'Which device do you want to reset?');
INSERT INTO "run_questions" VALUES(5,61,'Where are you?');
INSERT INTO "run_questions" VALUES(8,54,'How many people is the table for?');
INSERT INTO "run_questions" VALUES(8,56,'Which country is the trip to?');
INSERT INTO "run_questions" VALUES(8,58,'Are you asking about the car or the animal?');
INSERT INTO "run_questions" VALUES(8,60,'Which device do you want to reset?');
INSERT INTO "run_questions" VALUES(8,61,'Where are you?');
CREATE TABLE "runs" (
    id          INTEGER PRIMARY KEY,
    dataset_id  INTEGER NOT NULL REFERENCES datasets(id),
    name        TEXT NOT NULL CHECK (length(name) > 0),
    kind        TEXT NOT NULL CHECK (kind IN ('nuggets', 'trec', 'labels', 'questions')),
    target      TEXT NOT NULL DEFAULT '' CHECK (target IN ('', 'landing', 'answer_set')),
    fingerprint TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL, order_pairs INTEGER CHECK (order_pairs IS NULL OR order_pairs >= 0), order_flips INTEGER CHECK (order_flips IS NULL OR order_flips BETWEEN 0 AND order_pairs), arena_rule TEXT CHECK (arena_rule IS NULL OR arena_rule IN ('both-games', 'one-game')), arena_lines INTEGER CHECK (arena_lines IS NULL OR arena_lines > 0), arena_dropped_no_game INTEGER CHECK (arena_dropped_no_game IS NULL OR arena_dropped_no_game >= 0), arena_dropped_one_game INTEGER CHECK (
    arena_rule IS NULL AND arena_lines IS NULL AND arena_dropped_no_game IS NULL AND arena_dropped_one_game IS NULL
    OR arena_rule IS NOT NULL AND arena_lines IS NOT NULL AND arena_dropped_no_game IS NOT NULL AND arena_dropped_one_game IS NOT NULL
        AND arena_dropped_one_game >= 0 AND arena_dropped_no_game + arena_dropped_one_game <= arena_lines
        AND (arena_rule = 'both-games' OR arena_dropped_one_game = 0)),
    UNIQUE (dataset_id, name)
);
INSERT INTO "runs" VALUES(1,1,'demo-rerank','trec','landing','d1e3eb940876742f7282b3435b262850','2026-11-27T22:50:19.661Z',NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "runs" VALUES(2,3,'orig','nuggets','','','2026-11-27T22:50:19.682Z',NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "runs" VALUES(3,3,'clarify','nuggets','','','2026-11-27T22:50:19.683Z',NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "runs" VALUES(4,4,'demo-llm','labels','','cf97e1bd133b7ecffebe37027759eb91','2026-11-27T22:50:19.699Z',NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "runs" VALUES(5,4,'demo-gen','questions','','bb282b22c447e91ac5a4c59901c184fe','2026-11-27T22:50:19.700Z',NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "runs" VALUES(6,5,'demo-judge','labels','','15a1229d9d02cda6b6ee31d680ac99e6','2026-11-27T22:50:19.701Z',NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "runs" VALUES(7,4,'llm2','labels','','cf97e1bd133b7ecffebe37027759eb91','2026-11-27T22:50:19.858Z',NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "runs" VALUES(8,4,'gen2','questions','','bb282b22c447e91ac5a4c59901c184fe','2026-11-27T22:50:19.875Z',NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "runs" VALUES(9,10,'llm','labels','','cf97e1bd133b7ecffebe37027759eb91','2026-11-27T22:50:19.893Z',NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "runs" VALUES(10,11,'llm','labels','','cf97e1bd133b7ecffebe37027759eb91','2026-11-27T22:50:19.910Z',NULL,NULL,NULL,NULL,NULL,NULL);
CREATE TABLE serp_queries (
    query       TEXT PRIMARY KEY,
    imported_at TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO "serp_queries" VALUES('amazon','2026-11-27T22:50:19.648Z');
INSERT INTO "serp_queries" VALUES('café near me','2026-11-27T22:50:19.648Z');
INSERT INTO "serp_queries" VALUES('delta','2026-11-27T22:50:19.648Z');
INSERT INTO "serp_queries" VALUES('flu symptoms','2026-11-27T22:50:19.648Z');
INSERT INTO "serp_queries" VALUES('ibuprofen','2026-11-27T22:50:19.648Z');
INSERT INTO "serp_queries" VALUES('jaguar','2026-11-27T22:50:19.648Z');
INSERT INTO "serp_queries" VALUES('mars','2026-11-27T22:50:19.648Z');
INSERT INTO "serp_queries" VALUES('mercury','2026-11-27T22:50:19.648Z');
INSERT INTO "serp_queries" VALUES('new caledonia','2026-11-27T22:50:19.648Z');
INSERT INTO "serp_queries" VALUES('python','2026-11-27T22:50:19.648Z');
INSERT INTO "serp_queries" VALUES('turkey','2026-11-27T22:50:19.648Z');
INSERT INTO "serp_queries" VALUES('東京 tower','2026-11-27T22:50:19.648Z');
CREATE TABLE serp_results (
    query   TEXT NOT NULL REFERENCES serp_queries(query),
    rank    INTEGER NOT NULL CHECK (rank >= 1),
    name    TEXT NOT NULL,
    url     TEXT NOT NULL,
    snippet TEXT NOT NULL,
    PRIMARY KEY (query, rank)
) WITHOUT ROWID;
INSERT INTO "serp_results" VALUES('amazon',1,'Amazon.com: online shopping','https://shop.example.com/','Shop books, electronics, clothing and more.');
INSERT INTO "serp_results" VALUES('amazon',2,'Amazon River','https://geo.example.org/amazon-river','The largest river by discharge, flowing 6,400 km from the Andes to the Atlantic.');
INSERT INTO "serp_results" VALUES('amazon',3,'Amazon rainforest','https://geo.example.org/amazon-rainforest','The largest tropical rainforest, covering much of the Amazon basin.');
INSERT INTO "serp_results" VALUES('café near me',1,'Cafés open now near you','https://maps.example.org/search?q=cafe','Coffee shops sorted by distance with opening hours and reviews.');
INSERT INTO "serp_results" VALUES('café near me',2,'The best cafés with wifi','https://guide.example.com/wifi-cafes','Quiet places to work with good coffee and fast internet.');
INSERT INTO "serp_results" VALUES('delta',1,'Delta Air Lines','https://fly.example.com/delta','Book flights, check in and manage trips.');
INSERT INTO "serp_results" VALUES('delta',2,'Delta Dental','https://dental.example.com/','Dental insurance plans for individuals and employers.');
INSERT INTO "serp_results" VALUES('delta',3,'River delta','https://geo.example.org/delta','A landform of sediment deposited where a river meets slower water.');
INSERT INTO "serp_results" VALUES('ibuprofen',1,'Ibuprofen: dosage and uses','https://health.example.org/ibuprofen','Adults: 200–400 mg every 4 to 6 hours; do not exceed the daily maximum on the label.');
INSERT INTO "serp_results" VALUES('ibuprofen',2,'Ibuprofen side effects','https://health.example.org/ibuprofen/side-effects','Stomach upset, heartburn; see a doctor for black stools or chest pain.');
INSERT INTO "serp_results" VALUES('jaguar',1,'Jaguar | Official site','https://cars.example.com/jaguar','Explore the latest Jaguar models, find a dealer and book a test drive.');
INSERT INTO "serp_results" VALUES('jaguar',2,'Jaguar (Panthera onca) facts','https://wildlife.example.org/jaguar','The largest cat of the Americas, found from Mexico to Argentina; an apex predator of the rainforest.');
INSERT INTO "serp_results" VALUES('jaguar',3,'Jacksonville Jaguars news','https://sports.example.com/nfl/jaguars','Scores, roster and schedule of the Jacksonville Jaguars.');
INSERT INTO "serp_results" VALUES('mars',1,'Mars facts','https://space.example.org/mars','The red planet: two moons, the tallest volcano in the solar system, and a day of 24.6 hours.');
INSERT INTO "serp_results" VALUES('mars',2,'Bruno Mars official','https://music.example.com/bruno-mars','Tour dates, music and videos.');
INSERT INTO "serp_results" VALUES('mercury',1,'Mercury - the smallest planet','https://space.example.org/mercury','Closest to the Sun, Mercury has no moons and a year of 88 days.');
INSERT INTO "serp_results" VALUES('mercury',2,'Mercury (element) Hg','https://chem.example.org/hg','A heavy metal that is liquid at room temperature; toxic when inhaled as vapour.');
INSERT INTO "serp_results" VALUES('mercury',3,'Freddie Mercury biography','https://music.example.com/freddie-mercury','Lead singer of Queen, born Farrokh Bulsara in Zanzibar in 1946.');
INSERT INTO "serp_results" VALUES('new caledonia',1,'New Caledonia - travel guide','https://travel.example.org/new-caledonia','Lagoons, reefs and Kanak culture: where to stay and what to see on Grande Terre and the Loyalty Islands.');
INSERT INTO "serp_results" VALUES('new caledonia',2,'New Caledonia | country profile','https://atlas.example.org/countries/new-caledonia','A French overseas collectivity in the South Pacific; capital Nouméa; languages French and 28 Kanak languages.');
INSERT INTO "serp_results" VALUES('new caledonia',3,'Currency in New Caledonia: the CFP franc','https://money.example.org/xpf','The CFP franc (XPF) is pegged to the euro. Cards are accepted in Nouméa; carry cash on the islands.');
INSERT INTO "serp_results" VALUES('new caledonia',4,'Map of New Caledonia','https://maps.example.org/new-caledonia','Interactive map of Grande Terre, the Isle of Pines and the Loyalty Islands.');
INSERT INTO "serp_results" VALUES('python',1,'Download Python','https://python.example.org/downloads','The latest releases of the Python programming language for Windows, macOS and Linux.');
INSERT INTO "serp_results" VALUES('python',2,'Python tutorial for beginners','https://learn.example.org/python','Variables, loops, functions and classes explained with short exercises.');
INSERT INTO "serp_results" VALUES('python',3,'Pythons: constrictor snakes','https://wildlife.example.org/python','Non-venomous snakes of Africa, Asia and Australia that kill their prey by constriction.');
INSERT INTO "serp_results" VALUES('turkey',1,'Türkiye travel','https://travel.example.org/turkiye','Istanbul, Cappadocia and the Turquoise Coast.');
INSERT INTO "serp_results" VALUES('turkey',2,'Roast turkey recipe','https://cook.example.com/roast-turkey','A juicy roast turkey with herb butter, timed by weight.');
INSERT INTO "serp_results" VALUES('東京 tower',1,'東京タワー Tokyo Tower official','https://tower.example.jp/','Tickets, opening hours (9:00–23:00) and the Top Deck tour at 250 m.');
INSERT INTO "serp_results" VALUES('東京 tower',2,'Tokyo Tower - history','https://history.example.org/tokyo-tower','Built in 1958 at 333 m, inspired by the Eiffel Tower; the city''s broadcast mast until 2012.');
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO "settings" VALUES('pair_key','e317ee709a943a5ea87f8868c282ba66a25904c41eab9ff929a8750e5c7b8034');
INSERT INTO "settings" VALUES('pseudonym_salt','b87eb59a929f84cd3f0c582476c75313');
CREATE TABLE standing (
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    qualified    TEXT CHECK (qualified IN ('passed', 'waived')),
    counts_from  INTEGER NOT NULL DEFAULT 0,
    paused_at    TEXT,
    checks_since TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (dataset_id, annotator_id)
) WITHOUT ROWID;
CREATE TABLE standing_history (
    id           INTEGER PRIMARY KEY,
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    event        TEXT NOT NULL CHECK (event IN ('passed', 'failed', 'waived', 'reset', 'paused', 'resumed')),
    detail       TEXT NOT NULL DEFAULT '',
    actor_id     INTEGER NOT NULL REFERENCES annotators(id),
    at           TEXT NOT NULL
);
CREATE TABLE step_events (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    step         TEXT NOT NULL,
    event        TEXT NOT NULL CHECK (event IN ('enter', 'leave')),
    at           TEXT NOT NULL
);
CREATE TABLE triage (
    dataset_id   INTEGER PRIMARY KEY REFERENCES datasets(id),
    run_id       INTEGER NOT NULL REFERENCES runs(id),
    confidence   REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
    agree_run_id INTEGER REFERENCES runs(id),
    audit        REAL NOT NULL CHECK (audit BETWEEN 0 AND 1),
    seed         INTEGER NOT NULL
);
INSERT INTO "triage" VALUES(11,10,0.0,NULL,0.5,7);
CREATE TABLE turns (
    item_id  INTEGER NOT NULL REFERENCES items(id),
    turn     INTEGER NOT NULL CHECK (turn BETWEEN 1 AND 4),
    question TEXT NOT NULL,
    answer   TEXT NOT NULL,
    PRIMARY KEY (item_id, turn)
) WITHOUT ROWID;
INSERT INTO "turns" VALUES(41,1,'Are you interested in the history of lighthouses or in visiting one?','Visiting one, this summer.');
INSERT INTO "turns" VALUES(41,2,'Which coast are you travelling to? Is this the kind of tower you have in mind?','The Atlantic coast, and yes, a striped tower that still works.');
INSERT INTO "turns" VALUES(41,3,'Will you be climbing it with young children, or only seeing it from outside?','Climbing it with my two kids, they are six and nine.');
INSERT INTO "turns" VALUES(42,1,'Do you mean the fruit, the company or the record label?','The fruit.');
INSERT INTO "turns" VALUES(42,2,'Would you like recipes, nutrition facts, or help growing apples yourself?','Growing them, but I only have a small garden.');
INSERT INTO "turns" VALUES(43,1,'Are you planning a day hike or a trip over several days?','Several days, staying in huts.');
INSERT INTO "turns" VALUES(43,2,'Which mountains are you thinking of?','The Alps, somewhere in Austria or Switzerland.');
INSERT INTO "turns" VALUES(43,3,'Do you want to know which huts are open, or how to book them?','Mostly which routes suit someone who has never done this.');
INSERT INTO "turns" VALUES(43,4,'Is this your first multi-day trek?','Yes, my first one.');
INSERT INTO "turns" VALUES(44,1,'What would you like to photograph at night: the sky, the city or people?','The city, its skyline from a bridge.');
INSERT INTO "turns" VALUES(44,2,'Which camera will you use?','Just my phone.');
INSERT INTO "turns" VALUES(44,3,'Do you need tips on settings, or on apps that help at night?','Settings, I always get blurry pictures.');
INSERT INTO "turns" VALUES(45,1,'Are you looking for an orchard to visit or planning to plant one?','One to visit where we can pick our own fruit.');
CREATE INDEX adjudication_history_item ON adjudication_history (item_id, unit);
CREATE INDEX annotator_keys_annotator ON annotator_keys (annotator_id);
CREATE INDEX answers_run ON answers (run_id);
CREATE INDEX attention_annotator ON attention (annotator_id, answered_at);
CREATE UNIQUE INDEX datasets_side ON datasets (parent_id, purpose) WHERE parent_id IS NOT NULL;
CREATE INDEX flag_history_flag ON flag_history (flag_id);
CREATE INDEX flags_item ON flags (item_id);
CREATE INDEX flags_status ON flags (status, item_id);
CREATE INDEX hit_skips_annotator ON hit_skips (annotator_id, item_id);
CREATE INDEX hits_annotator ON hits (annotator_id, finished_at);
CREATE INDEX hits_done_no ON hits (annotator_id, done_no) WHERE done_no IS NOT NULL;
CREATE INDEX hits_open ON hits (item_id) WHERE finished_at IS NULL;
CREATE INDEX hits_stale ON hits (touched_at) WHERE finished_at IS NULL;
CREATE INDEX items_free ON items (dataset_id, seq) WHERE free = 1;
CREATE INDEX items_free_partial ON items (dataset_id, seq) WHERE free = 1 AND finished > 0;
CREATE INDEX items_judge ON items (dataset_id) WHERE route = 'judge';
CREATE INDEX items_open ON items (dataset_id) WHERE open = 1;
CREATE UNIQUE INDEX items_seq ON items (dataset_id, seq);
CREATE UNIQUE INDEX items_uid ON items (dataset_id, uid);
CREATE INDEX items_waiting ON items (dataset_id) WHERE open = 0 AND tied > 0;
CREATE INDEX label_history_item ON label_history (item_id, unit);
CREATE INDEX notes_item ON notes (item_id);
CREATE INDEX pairs_systems ON pairs (first, second);
CREATE INDEX practice_attempts_annotator ON practice_attempts (dataset_id, annotator_id, id);
CREATE INDEX repeats_open ON repeats (annotator_id) WHERE finished_at IS NULL;
CREATE INDEX standing_history_annotator ON standing_history (dataset_id, annotator_id, id);
CREATE INDEX step_events_hit ON step_events (item_id, annotator_id, id);
CREATE TRIGGER adjudications_kind BEFORE INSERT ON adjudications
WHEN NOT EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND NEW.value BETWEEN k.low AND k.high)
BEGIN
    SELECT RAISE(ABORT, 'unit or value does not belong to the item''s task kind');
END;
CREATE TRIGGER adjudications_kind_update BEFORE UPDATE OF unit, value ON adjudications
WHEN NOT EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND NEW.value BETWEEN k.low AND k.high)
BEGIN
    SELECT RAISE(ABORT, 'unit or value does not belong to the item''s task kind');
END;
CREATE TRIGGER adjudications_text BEFORE INSERT ON adjudications
WHEN EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND ((NEW.text IS NULL) != (k.max_chars = 0) OR length(NEW.text) > k.max_chars))
BEGIN
    SELECT RAISE(ABORT, 'a written answer belongs to a text unit, within its max_chars');
END;
CREATE TRIGGER adjudications_text_update BEFORE UPDATE OF unit, text ON adjudications
WHEN EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND ((NEW.text IS NULL) != (k.max_chars = 0) OR length(NEW.text) > k.max_chars))
BEGIN
    SELECT RAISE(ABORT, 'a written answer belongs to a text unit, within its max_chars');
END;
CREATE TRIGGER items_complete AFTER UPDATE OF open, tied ON items
WHEN (old.open = 0 AND old.tied = 0) != (new.open = 0 AND new.tied = 0)
BEGIN
    UPDATE datasets SET complete_count = complete_count + iif(new.open = 0 AND new.tied = 0, 1, -1)
    WHERE id = new.dataset_id;
END;
CREATE TRIGGER items_free_returns AFTER UPDATE OF free, finished ON items
WHEN new.free = 1 AND (old.free IS NOT 1 OR (old.finished = 0 AND new.finished > 0))
    AND EXISTS (SELECT 1 FROM assign_cursors c WHERE c.dataset_id = new.dataset_id)
BEGIN
    INSERT INTO assign_returns (dataset_id, annotator_id, kind, seq)
    SELECT c.dataset_id, c.annotator_id, k.kind, new.seq
    FROM assign_cursors c, (SELECT 'free' AS kind UNION ALL SELECT 'partial' WHERE new.finished > 0) k
    WHERE c.dataset_id = new.dataset_id
        AND iif(k.kind = 'free', c.free_from, c.partial_from) > new.seq
        AND (SELECT count(*) FROM assign_returns r WHERE r.dataset_id = c.dataset_id
            AND r.annotator_id = c.annotator_id AND r.kind = k.kind) < 64
        AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = new.id AND h.annotator_id = c.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = new.id AND l.annotator_id = c.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = new.id AND f.annotator_id = c.annotator_id
            AND f.status IN ('open', 'upheld'))
    ON CONFLICT DO NOTHING;
    UPDATE assign_cursors SET
        free_from = iif(free_from > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
            WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
            AND r.kind = 'free' AND r.seq = new.seq), new.seq, free_from),
        partial_from = iif(new.finished > 0 AND partial_from > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
            WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
            AND r.kind = 'partial' AND r.seq = new.seq), new.seq, partial_from)
    WHERE dataset_id = new.dataset_id AND (free_from > new.seq OR (new.finished > 0 AND partial_from > new.seq))
        AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = new.id AND h.annotator_id = assign_cursors.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = new.id AND l.annotator_id = assign_cursors.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = new.id AND f.annotator_id = assign_cursors.annotator_id
            AND f.status IN ('open', 'upheld'));
END;
CREATE TRIGGER labels_kind BEFORE INSERT ON labels
WHEN NOT EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND NEW.value BETWEEN k.low AND k.high)
BEGIN
    SELECT RAISE(ABORT, 'unit or value does not belong to the item''s task kind');
END;
CREATE TRIGGER labels_kind_update BEFORE UPDATE OF unit, value ON labels
WHEN NOT EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND NEW.value BETWEEN k.low AND k.high)
BEGIN
    SELECT RAISE(ABORT, 'unit or value does not belong to the item''s task kind');
END;
CREATE TRIGGER labels_text BEFORE INSERT ON labels
WHEN EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND ((NEW.text IS NULL) != (k.max_chars = 0) OR length(NEW.text) > k.max_chars))
BEGIN
    SELECT RAISE(ABORT, 'a written answer belongs to a text unit, within its max_chars');
END;
CREATE TRIGGER labels_text_update BEFORE UPDATE OF unit, text ON labels
WHEN EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND ((NEW.text IS NULL) != (k.max_chars = 0) OR length(NEW.text) > k.max_chars))
BEGIN
    SELECT RAISE(ABORT, 'a written answer belongs to a text unit, within its max_chars');
END;
