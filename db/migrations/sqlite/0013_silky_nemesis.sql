CREATE INDEX `people_school_id_family_first_key_idx` ON `people` (`school_id`,replace(replace("name_key", '''', ''), '’', ''));--> statement-breakpoint
CREATE INDEX `people_school_id_given_first_key_idx` ON `people` (`school_id`,replace(replace(substr("name_key", instr("name_key", char(1)) + 1) || char(1) || substr("name_key", 1, instr("name_key", char(1)) - 1), '''', ''), '’', ''));--> statement-breakpoint
CREATE INDEX `people_school_id_date_of_birth_idx` ON `people` (`school_id`,`date_of_birth`);
