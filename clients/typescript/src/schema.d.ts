/**
 * The types of the Rollbook API (openapi-typescript).
 * Generated from /_openapi.json by `npm run client:generate` (scripts/client-files.ts): do not edit.
 */

export interface paths {
    "/absences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List absences
         * @description Absences families reported or explained, and the office recorded for them, with any day between `from` and `to` (default: today in the school's time zone), earliest first. A part of a day has `from` and `to` as date-times with the school's offset. No note and no document: those stay on the school's screens. A withdrawn absence is not listed; `absence.withdrawn` tells a reader that saw it.
         */
        get: operations["getAbsences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/absences/unexplained": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report absences the register found with no report
         * @description The attendance system's absences with no report from the family: a child and a day, or a period of it (`from`, `to` in the school's time zone), up to 500 a request. Each is checked before any is kept (a child not on the roll that day, or a day still to come or more than 60 days gone, is `unprocessable` naming the item), and all are kept together. Each new one asks the child's adults with `attendance` standing why, through their notification choices (texts and push by default); their explanation is listed by `GET /api/v1/absences` with `explains`, and announced as `absence.explained`. The same child, day and period sent again is the same absence and the same notice (`new: false`).
         */
        post: operations["postAbsencesUnexplained"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List affiliations
         * @description People's roles at the school as spans of days, newest first (by `validFrom`, then id). Closed spans are included unless `state=open`. Spans of deleted people are left out.
         */
        get: operations["getAffiliations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/alumni": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List alumni
         * @description Former students as the school counts them (any former student, or only those who completed the final year), ordered by family name, then given names, then id. Names need `person.read` as well; without it they are absent. Every page but the last is full.
         */
        get: operations["getAlumni"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an application
         * @description Records an application in state `submitted`. Each person is named by `personId` (linked, never updated) or sent with details; a person sent with details who may already be on file stops the whole send with `conflict`, listing the possible records in `data.candidates`: resend with the right `personId`, or with `new: true`. The answer carries references only.
         */
        post: operations["postApplications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/applications/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start or withdraw the child of an application
         * @description `started` needs an accepted offer (otherwise `unprocessable`, naming the missing step) and puts the child on the roll from `occurredOn` at the year level, campus (required where the school has more than one) and load sent. `withdrawn` needs a reason from the school's list: a child who started leaves the roll with `occurredOn` as the last day; an application that never started is closed. A second start is `conflict`.
         */
        post: operations["postApplicationsByIdEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/enquiries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an enquiry
         * @description Opens a record on the child and on the enquirer and records how they heard of the school. The enquirer gives an email address or a phone number, or both. The token reads nothing back.
         */
        post: operations["postEnquiries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/enrolments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enrol a child admitted elsewhere
         * @description Starts the child on the roll from `startsOn` and gives each carer parental responsibility from then; the campus is required where the school has more than one. People are identified as for applications. A child already enrolled is `conflict`. The answer carries references only.
         */
        post: operations["postEnrolments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the events feed
         * @description The school's changes in the order they were made, oldest first, as webhooks carry them plus their sequence, their place among the school's own changes: `{kind, table, id, at, sequence}`. `nextCursor` is always set; pass it back as `after` to go on, or to catch up after missed webhooks, from any point in the last 30 days. A token sees only the kinds its scopes reach (docs/events.md).
         */
        get: operations["getEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List warehouse export files
         * @description The newest nightly CSV file of each table the school's modules export, with its row count, checksum and columns. Each `url` works for ten minutes after this answer, with the token that listed it. No restricted column is in any file.
         */
        get: operations["getExports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exports/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fetch a warehouse export file
         * @description The CSV file as an attachment under its own name, streamed; where the deployment keeps files in an S3-compatible bucket, a 302 to the bucket's signed link to it, which works for 60 seconds. Call the `url` the listing gave, with the token that listed it, within ten minutes: a grant of another token, of another file, changed, missing or expired is `forbidden`, and the detail says which.
         */
        get: operations["getExportsByIdFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List people
         * @description The school's people, ordered by family name, then given names (case- and accent-insensitive), then id. Deleted people are left out.
         */
        get: operations["getPeople"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a person
         * @description One person of the school. A deleted person, or one of another school, is `not_found`.
         */
        get: operations["getPeopleById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{id}/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a student's billing
         * @description Who pays the student's charges (payer, category, share in basis points) and the concessions the student holds, open and closed rows both, each with its span. A category with no rows of its own is paid the way `all` is. A person of another school is `not_found`.
         */
        get: operations["getPeopleByIdBilling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/{id}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a child's emergency contacts and collectors
         * @description The child's emergency contacts and the people who may collect them, each in the order the school calls them, with their phone numbers; an adult on file is named by `personId` as well. Medical needs never leave through `/api/v1`. `person.read` does not reach this: it needs `contact.read`. A person of another school is `not_found`; a person with no contacts on file has two empty lists.
         */
        get: operations["getPeopleByIdContacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/people/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the student information system's export
         * @description Reads and stages the file at once. Any unreadable line makes the run `failed`, every such line in `unreadable`, and nothing is applied; otherwise the run is `queued` and applied within a few seconds in one transaction, matching people on the system's own ids. It pauses for somebody at the school to confirm on the system's first run, or when more than 2% of its people would be absent, or more than 20% amended or created.
         */
        post: operations["postPeopleSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/roster/{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the roster
         * @description Today's roster in the school's time zone: each current student, each staff member teaching or assisting a class running today, each such class and its course, and who is in each class. `oneroster` is a OneRoster 1.1 bulk set of seven files with its manifest; `sds` the seven files of School Data Sync CSV v2.1; `oneroster12` a OneRoster 1.2 bulk set of eight files with its manifest, each person's school and role in `roles.csv` (interface 1.2). No email address, phone number or password is in any file; a student with an open protection flag or a court order in force is left out and counted in `counts.withheld`. Only a token issued through the school's rostering settings is accepted; any other is `forbidden`, even with `roster.read`. Every set is checked against its format's rules before it is served.
         */
        get: operations["getRosterByFormat"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import the staff export of the HRIS
         * @description Creates staff, opens and closes their employment from the start and end dates, and records checks, matching people on the HRIS employee id by the mapping the school saved. A row that cannot be used is a problem and the others go on; staff with open employment missing from the export are problems and stay employed. One transaction: the same file again changes nothing.
         */
        post: operations["postStaffImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/starters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List starters
         * @description Children who started, or are due to start on an accepted offer or an enrolment, between `from` and `to`, earliest first, with their adults' contact details and the children whose campus is not yet matched to an SIS code (`waiting`).
         */
        get: operations["getStarters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List upcoming tours
         * @description The school's future tours that are not cancelled and still have a place, soonest first, with the places left. It reads no family or booking.
         */
        get: operations["getTours"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tours/{id}/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Book a family into a tour
         * @description Takes the same fields as an enquiry: the enquiry, the child and the enquirer are recorded with the booking, in one transaction. A full tour is `conflict` with `tour-full` in `detail`, and nothing is recorded; a past or cancelled tour is `unprocessable`. The token reads nothing back.
         */
        post: operations["postToursByIdBookings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Absence: {
            /** @example abs_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            /** @example per_0k3v9x2m7q1w8e4r6t5y */
            personId: string;
            /**
             * @description The first day away (`YYYY-MM-DD`), or for a part of one day when it began (RFC 3339 with the school's offset).
             * @example 2026-12-01
             * @example 2026-12-01T09:00:00+11:00
             */
            from: string;
            /**
             * @description The last day away, inclusive, or for a part of one day when it ended.
             * @example 2026-12-01
             * @example 2026-12-01T09:00:00+11:00
             */
            to: string;
            /** @enum {string} */
            reason: "illness" | "medical_appointment" | "family_reason" | "religious_observance" | "other";
            /**
             * Format: date-time
             * @example 2026-03-01T09:30:00.000Z
             */
            reportedAt: string;
            /** @enum {string} */
            reportedBy: "family" | "office";
            /**
             * @description The unexplained absence this explains, as `POST /api/v1/absences/unexplained` answered it.
             * @example uab_0k3v9x2m7q1w8e4r6t5y
             */
            explains?: string;
        };
        AbsencePage: {
            items: components["schemas"]["Absence"][];
            /** @description Pass back as `cursor`; null when there are no more pages. */
            nextCursor: string | null;
        };
        /** @description A person's role at the school for a span of days. */
        Affiliation: {
            /** @example aff_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            /** @example per_0k3v9x2m7q1w8e4r6t5y */
            personId: string;
            /** @enum {string} */
            kind: "student" | "staff_member" | "applicant" | "volunteer" | "contractor" | "prac_student" | "board_member";
            /**
             * Format: date
             * @description First day of the span, in the school's time zone.
             */
            validFrom: string;
            /** @description Last day of the span (inclusive); null while the span is open. */
            validTo: string | null;
        };
        AffiliationPage: {
            items: components["schemas"]["Affiliation"][];
            /** @description Pass back as `cursor`; null when there are no more pages. */
            nextCursor: string | null;
        };
        /** @description A former student, as the school counts them. */
        Alumnus: {
            /** @example per_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            /** @description Only for a token that also holds `person.read`; absent otherwise. */
            familyName?: string;
            /** @description Only for a token that also holds `person.read`; absent otherwise. */
            givenNames?: string;
            /**
             * Format: date-time
             * @description 00:00 in the school's time zone on the last day of the person's last student span, in UTC.
             * @example 2026-03-01T09:30:00.000Z
             */
            leftAt: string;
            /** @description The calendar year of that last day, in the school's time zone. */
            exitYear: number;
        };
        AlumnusPage: {
            items: components["schemas"]["Alumnus"][];
            /** @description Pass back as `cursor`; null when there are no more pages. */
            nextCursor: string | null;
        };
        ApplicationEventInput: {
            /** @constant */
            kind: "started";
            /**
             * Format: date
             * @description The first day on the roll.
             */
            occurredOn: string;
            placement?: {
                /** @description Default: the year level applied for. */
                yearLevel?: string;
                /** @description The campus's name; required where the school has more than one. */
                campus?: string;
                /** @description Share of full time, in (0, 1]; default 1. */
                load?: number;
            };
        } | {
            /** @constant */
            kind: "withdrawn";
            /**
             * Format: date
             * @description The last day on the roll, for a child who started; otherwise the day the family withdrew.
             */
            occurredOn: string;
            /** @description One of the school's withdrawal reasons. */
            reason: string;
        };
        ApplicationEventReceipt: {
            /** @example evt_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            /** @example per_0k3v9x2m7q1w8e4r6t5y */
            personId: string;
            /** @enum {string} */
            kind: "started" | "withdrawn";
            /** Format: date */
            occurredOn: string;
        };
        ApplicationInput: {
            /** @description `{ personId }` or `{ familyName, givenNames, dateOfBirth, new? }`. */
            student: {
                /**
                 * @description A child already on file; linked, never updated.
                 * @example per_0k3v9x2m7q1w8e4r6t5y
                 */
                personId?: string;
                familyName?: string;
                givenNames?: string;
                /** Format: date */
                dateOfBirth?: string;
                /** @description `true` asserts a new person although a possible match is on file. */
                new?: boolean;
            };
            /** @description One to four adults; the first is the one the school answers. */
            adults: {
                /**
                 * @description An adult already on file; linked, never updated.
                 * @example per_0k3v9x2m7q1w8e4r6t5y
                 */
                personId?: string;
                familyName?: string;
                givenNames?: string;
                /** Format: email */
                email?: string;
                phone?: string;
                /** @description One of the relationships the school lists. */
                relationship?: string;
                /** @description `true` asserts a new person although a possible match is on file. */
                new?: boolean;
            }[];
            placement: {
                /** @description One of the school's year levels. */
                yearLevel: string;
                entryYear: number;
            };
        };
        ApplicationReceipt: {
            /** @example apl_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            /** @example per_0k3v9x2m7q1w8e4r6t5y */
            studentId: string;
            /** @description In the order the adults were sent. */
            adultIds: string[];
            /**
             * Format: date-time
             * @example 2026-03-01T09:30:00.000Z
             */
            receivedAt: string;
        };
        /** @description Who pays a student's charges, by category, and the concessions the student holds. To find who pays category C on a day: take C's rows in force that day; when it has none, take `all`'s. */
        Billing: {
            /**
             * @description The student.
             * @example per_0k3v9x2m7q1w8e4r6t5y
             */
            id: string;
            /** @description Open and closed rows, by category, then first day. */
            responsibilities: components["schemas"]["BillingResponsibility"][];
            /** @description Open and closed concessions, by first day. */
            concessions: components["schemas"]["Concession"][];
        };
        BillingResponsibility: {
            /** @example bil_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            /** @example per_0k3v9x2m7q1w8e4r6t5y */
            payerId: string;
            /** @description Charge category. `all` covers every category that has no rows of its own. */
            category: string;
            /** @description Basis points; the open shares of one category total 10000. */
            share: number;
            /**
             * Format: date
             * @description First day the row applies, in the school's time zone.
             */
            validFrom: string;
            /** @description Last day the row applies (inclusive); null while it is open. */
            validTo: string | null;
        };
        BookingReceipt: {
            /** @example bkg_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            /** @example enq_0k3v9x2m7q1w8e4r6t5y */
            enquiryId: string;
            /**
             * Format: date-time
             * @example 2026-03-01T09:30:00.000Z
             */
            receivedAt: string;
        };
        ChildContact: {
            /** @description The adult on file, when the contact is one. */
            personId: string | null;
            name: string;
            phone: string;
            relationship: string | null;
            /** @description 1 is called first. */
            order: number;
        };
        ChildContacts: {
            personId: string;
            emergencyContacts: components["schemas"]["ChildContact"][];
            /** @description Who may collect the child, besides the adults with parental responsibility. */
            collectors: components["schemas"]["ChildContact"][];
            /** @description When either list last changed; null when none was ever written. */
            updatedAt: string | null;
        };
        Concession: {
            /** @example cnc_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            /**
             * @description A kind of concession, never an amount.
             * @enum {string}
             */
            kind: "sibling" | "staff" | "scholarship" | "bursary" | "hardship" | "other";
            /**
             * Format: date
             * @description First day the row applies, in the school's time zone.
             */
            validFrom: string;
            /** @description Last day the row applies (inclusive); null while it is open. */
            validTo: string | null;
        };
        EnquiryInput: {
            student: {
                familyName: string;
                givenNames: string;
            };
            enquirer: {
                familyName: string;
                givenNames: string;
                /** @description One of the relationships the school lists. */
                relationship?: string;
                /** Format: email */
                email?: string;
                phone?: string;
            };
            intendedEntryYear?: number;
            /** @description How they heard of the school; one the school lists. Default `website`. */
            channel?: string;
        };
        EnquiryReceipt: {
            /** @example enq_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            /**
             * Format: date-time
             * @example 2026-03-01T09:30:00.000Z
             */
            receivedAt: string;
        };
        EnrolmentInput: {
            /** @description `{ personId }` or `{ familyName, givenNames, dateOfBirth, new? }`. */
            student: {
                /**
                 * @description A child already on file; linked, never updated.
                 * @example per_0k3v9x2m7q1w8e4r6t5y
                 */
                personId?: string;
                familyName?: string;
                givenNames?: string;
                /** Format: date */
                dateOfBirth?: string;
                /** @description `true` asserts a new person although a possible match is on file. */
                new?: boolean;
            };
            /** @description Each is given parental responsibility from `startsOn`. */
            carers: {
                /**
                 * @description An adult already on file; linked, never updated.
                 * @example per_0k3v9x2m7q1w8e4r6t5y
                 */
                personId?: string;
                familyName?: string;
                givenNames?: string;
                /** Format: email */
                email?: string;
                phone?: string;
                /** @description One of the relationships the school lists. */
                relationship?: string;
                /** @description `true` asserts a new person although a possible match is on file. */
                new?: boolean;
            }[];
            /** @description One of the school's year levels. */
            yearLevel: string;
            /** @description The campus's name; required where the school has more than one. */
            campus?: string;
            /** Format: date */
            startsOn: string;
        };
        EnrolmentReceipt: {
            /** @example apl_0k3v9x2m7q1w8e4r6t5y */
            applicationId: string;
            /** @example per_0k3v9x2m7q1w8e4r6t5y */
            studentId: string;
            carerIds: string[];
            /** Format: date */
            startsOn: string;
        };
        /** @description Every failure on every route has this shape. No stack trace or internal message is ever included. */
        Error: {
            /** @description The HTTP status. */
            statusCode: number;
            /** @description Written for a person. */
            statusMessage: string;
            data: {
                /**
                 * @description Stable code; branch on this. Each code has one meaning, though a status can have several codes.
                 * @enum {string}
                 */
                code: "bad_request" | "validation_failed" | "unauthenticated" | "forbidden" | "step_up_required" | "passkey_required" | "no_portal_identity" | "standing_withheld" | "section_off" | "component_off" | "preview_read_only" | "not_found" | "method_not_allowed" | "conflict" | "held_elsewhere" | "payload_too_large" | "unprocessable" | "audience_unknown" | "audience_empty" | "no_consent_standing" | "subject_required" | "ask_closed" | "schedule_published" | "rate_limited" | "internal" | "not_implemented";
                /** @description One sentence per reason; lists all failures. */
                detail: string[];
                /** @description For `validation_failed`: every wrong field by its path in the request. */
                fields?: {
                    /** @description Dotted path in the body with `[i]` for array items, such as `adults[1].email`; a query parameter by its name. */
                    path: string;
                    message: string;
                }[];
                /** @description For `conflict` on a send that names a person who may already be on file: the possible records for each; resend with `personId` or `new: true`. */
                candidates?: {
                    /** @description The person in the request, such as `adults[0]`. */
                    path: string;
                    personIds: string[];
                }[];
                /** @description For `forbidden`: the capability the caller lacks. */
                missingScope?: string;
                /** @description Quote it when reporting a fault. */
                traceId: string;
            } & {
                [key: string]: unknown;
            };
        };
        ExportFile: {
            /** @description The table the file holds: `people`, `name_history`, `affiliations`, `parental_responsibilities`, `billing_responsibilities`, `concessions`, `enquiries`, and more as capabilities add theirs. */
            key: string;
            /** @description `<key>-<day>.csv`, the day the school's night it was produced for. */
            fileName: string;
            /** @description Data rows, the header row not counted. */
            rows: number;
            /** @description `sha256:<hex>` of the file's bytes. */
            checksum: string;
            /** @description `/api/v1/exports/{id}/file?grant=…`: fetch it with the token that listed it, within ten minutes. */
            url: string;
            /**
             * Format: date-time
             * @description When `url` stops working: ten minutes after this answer.
             * @example 2026-03-01T09:30:00.000Z
             */
            expiresAt: string;
            /** @description The file's columns, in order. */
            columns: {
                /** @description The column's name in the header row. */
                name: string;
                /**
                 * @description `general` or `personal`; restricted columns are never written.
                 * @enum {string}
                 */
                class: "general" | "personal";
            }[];
        };
        ExportListing: {
            /** @description The newest file of each table the school's modules export; a table not yet produced is absent. */
            files: components["schemas"]["ExportFile"][];
            /** @description The school's local day of the newest production; null before the first. */
            producedAt: string | null;
        };
        ImportProblem: {
            /** @description The line of the file (the header is line 1); null for a staff member missing from the export. */
            row: number | null;
            /** @description The column of the file, when the problem is one value. */
            column: string | null;
            reason: string;
        };
        PeopleSyncAnswer: {
            run: components["schemas"]["SyncRun"];
            /** @description The first 1,000 unreadable lines, by line. */
            unreadable: components["schemas"]["UnreadableLine"][];
            /** @description Unreadable lines counted but not listed: an answer lists the first 1,000 in file order (fewer when they are long, so that the answer stays under 256 KiB) and counts the rest here; 0 when all are listed. */
            unreadableNotListed: number;
            /** @description The first 1,000 problems, by line. */
            problems: components["schemas"]["ImportProblem"][];
            /** @description Problems counted but not listed: an answer lists the first 1,000 in file order (fewer when they are long, so that the answer stays under 256 KiB) and counts the rest here; 0 when all are listed. */
            problemsNotListed: number;
        };
        PeopleSyncInput: {
            /** @description The source system; people are matched on its own ids, kept per system. */
            system: string;
            /**
             * @description `full`: the file is everyone, and people synced before who are missing are absent; `changes`: only the people in the file.
             * @enum {string}
             */
            scope: "full" | "changes";
            /** @description The export: columns id, familyName, givenNames, dateOfBirth, and optionally yearLevel and campus: CSV (RFC 4180, UTF-8, with a header line), at most 8 MiB (8388608 bytes). */
            file: string;
        };
        Person: {
            /** @example per_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            familyName: string;
            givenNames: string;
            /** @description Null when the school has no date of birth on file. */
            dateOfBirth: string | null;
            /** @description Since interface 1.2: the BCP 47 tag of the language the person reads the school's portal and mail in, one the school offers (such as `es` or `zh-Hans`); null for the school's own language. Servers before 1.2 leave it out. */
            preferredLanguage?: string | null;
        };
        PersonPage: {
            items: components["schemas"]["Person"][];
            /** @description Pass back as `cursor`; null when there are no more pages. */
            nextCursor: string | null;
        };
        /** @description A roster set: every file of one format as CSV text. */
        Roster: {
            /** @enum {string} */
            format: "oneroster" | "sds" | "oneroster12";
            /**
             * Format: date-time
             * @description When the set was made; it holds the roster of that day in the school's time zone.
             * @example 2026-03-01T09:30:00.000Z
             */
            asAt: string;
            files: components["schemas"]["RosterFile"][];
            counts: {
                students: number;
                /** @description Staff teaching or assisting a class running today. */
                teachers: number;
                classes: number;
                courses: number;
                enrollments: number;
                /** @description Current students left out with their enrolments (a protection flag or a court order). */
                withheld: number;
            };
        };
        RosterFile: {
            /** @description The file's name in the set, such as `users.csv`. */
            name: string;
            /** @description The file: CSV, UTF-8 without a byte order mark, CRLF line ends, RFC 4180 quoting. */
            content: string;
        };
        StaffImportAnswer: {
            run: {
                /** @example run_0k3v9x2m7q1w8e4r6t5y */
                id: string;
                /** @example hrm_0k3v9x2m7q1w8e4r6t5y */
                mappingId: string;
                /**
                 * Format: date-time
                 * @example 2026-03-01T09:30:00.000Z
                 */
                createdAt: string;
            };
            /** @description The first 1,000 problems, by line; `counts.problems` counts them all. */
            problems: components["schemas"]["ImportProblem"][];
            /** @description Problems counted but not listed: an answer lists the first 1,000 in file order (fewer when they are long, so that the answer stays under 256 KiB) and counts the rest here; 0 when all are listed. */
            problemsNotListed: number;
            counts: {
                rows: number;
                created: number;
                opened: number;
                closed: number;
                checks: number;
                problems: number;
            };
        };
        StaffImportInput: {
            /**
             * @description The HRIS mapping the school saved for this export.
             * @example hrm_0k3v9x2m7q1w8e4r6t5y
             */
            mappingId: string;
            /** @description The HRIS export: CSV (RFC 4180, UTF-8, with a header line), at most 8 MiB (8388608 bytes). */
            csv: string;
        };
        Starter: {
            /** @example apl_0k3v9x2m7q1w8e4r6t5y */
            applicationId: string;
            /** @example per_0k3v9x2m7q1w8e4r6t5y */
            personId: string;
            familyName: string;
            givenNames: string;
            dateOfBirth: string | null;
            /** @description Whether `startsOn` is today or earlier in the school's time zone. */
            started: boolean;
            /** Format: date */
            startsOn: string;
            yearLevel: string;
            /** @description The campus's name; null where the school has none, or none is decided yet. */
            campus: string | null;
        };
        StarterAdult: {
            /** @example per_0k3v9x2m7q1w8e4r6t5y */
            personId: string;
            familyName: string;
            givenNames: string;
            email: string | null;
            phone: string | null;
            relationship: string | null;
            /** @description The children of this page the adult is sent for. */
            childIds: string[];
        };
        StarterPage: {
            /** @description Earliest first (by `startsOn`, then application id). */
            items: components["schemas"]["Starter"][];
            /** @description The adults of this page's children, with contact details. */
            adults: components["schemas"]["StarterAdult"][];
            /** @description Children of this page at a multi-campus school whose campus has no SIS code yet. */
            waiting: components["schemas"]["StarterWaiting"][];
            nextCursor: string | null;
        };
        StarterWaiting: {
            /** @example apl_0k3v9x2m7q1w8e4r6t5y */
            applicationId: string;
            /** @example per_0k3v9x2m7q1w8e4r6t5y */
            personId: string;
            campus: string | null;
        };
        SyncRun: {
            /** @example run_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            /** @enum {string} */
            status: "queued" | "paused" | "applying" | "applied" | "failed" | "cancelled" | "reverted";
            system: string;
            /** @enum {string} */
            scope: "full" | "changes";
            /** @description Lines of people in the file. */
            rows: number;
            /** @description Rows applied so far while the run applies. */
            done: number;
            /** @description People the file adds. Null until the run is planned: while it is `queued` or `applying`, and for a `failed` or `cancelled` run, which was never applied. A `paused` run gives what it would do; an `applied` or `reverted` one what it did. */
            created: number | null;
            /** @description People whose names, date of birth, year level or campus change, or who come back. Null until the run is planned: while it is `queued` or `applying`, and for a `failed` or `cancelled` run, which was never applied. A `paused` run gives what it would do; an `applied` or `reverted` one what it did. */
            amended: number | null;
            /** @description People synced before whom a `full` file leaves out: their student span closes. Null until the run is planned: while it is `queued` or `applying`, and for a `failed` or `cancelled` run, which was never applied. A `paused` run gives what it would do; an `applied` or `reverted` one what it did. */
            absent: number | null;
            /** @description People in the file who change in nothing. Null until the run is planned: while it is `queued` or `applying`, and for a `failed` or `cancelled` run, which was never applied. A `paused` run gives what it would do; an `applied` or `reverted` one what it did. */
            unchanged: number | null;
            /** @description Why the run paused or failed. */
            reason?: string;
            /**
             * @description The earlier run of the same system that this one waits for: runs of a school and system apply in the order received, so a later run waits until every earlier one is applied, cancelled, reverted or failed (a paused one until somebody confirms or cancels it).
             * @example run_0k3v9x2m7q1w8e4r6t5y
             */
            waitingFor?: string;
            /**
             * Format: date-time
             * @example 2026-03-01T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-03-01T09:30:00.000Z
             */
            appliedAt?: string;
            /**
             * Format: date-time
             * @example 2026-03-01T09:30:00.000Z
             */
            revertedAt?: string;
        };
        Tour: {
            /** @example tou_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            title: string;
            /**
             * Format: date-time
             * @example 2026-03-01T09:30:00.000Z
             */
            startsAt: string;
            venue: string;
            /** @description Places still free; a full tour is not listed. */
            placesLeft: number;
            /** @description The campus's name; null for a tour of the whole school. */
            campus: string | null;
            /** @description Who the tour is for; one of the school's audiences. */
            audience: string;
        };
        TourList: {
            /** @description Future tours that still have a place, soonest first. */
            tours: components["schemas"]["Tour"][];
        };
        UnexplainedAbsence: {
            /** @example uab_0k3v9x2m7q1w8e4r6t5y */
            id: string;
            personId: string;
            /** Format: date */
            day: string;
            from: string | null;
            to: string | null;
            /**
             * Format: date-time
             * @example 2026-03-01T09:30:00.000Z
             */
            receivedAt: string;
            /** @description False when this child, day and period were already sent: the one notice stands, nothing is sent again. */
            new: boolean;
            /** @description Whether the family has explained it (then `GET /api/v1/absences` lists the explanation). */
            explained: boolean;
        };
        UnreadableLine: {
            line: number;
            reason: string;
        };
    };
    responses: never;
    parameters: {
        /** @description Honoured for 24 hours per token: the same key returns the first answer without redoing the work; the same key with a different request is `conflict`. */
        "Idempotency-Key": string;
    };
    requestBodies: never;
    headers: {
        /** @description Requests this token may make to this endpoint per clock minute; without a valid token, requests this client address may make per minute. */
        "X-RateLimit-Limit": number;
        /** @description Requests left in this minute. */
        "X-RateLimit-Remaining": number;
        /** @description Seconds until the minute ends and the counter restarts. */
        "Retry-After": number;
        /** @description `Bearer`: send a bearer token. */
        "WWW-Authenticate": string;
        /** @description `attachment`, with the file's own name. */
        "Content-Disposition": string;
        /** @description The file's size in bytes. */
        "Content-Length": number;
        /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
        "Idempotency-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAbsences: {
        parameters: {
            query?: {
                /** @description The first day: absences with any day from here on; default today in the school's time zone. */
                from?: string;
                /** @description The last day (inclusive), at most 366 days after `from`; default `from`. */
                to?: string;
                /** @description Items per page, 1 to 1000; default 100. */
                limit?: number;
                /** @description The `nextCursor` of the previous page, with the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbsencePage"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAbsencesUnexplained: {
        parameters: {
            query?: never;
            header?: {
                /** @description Honoured for 24 hours per token: the same key returns the first answer without redoing the work; the same key with a different request is `conflict`. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The register's absences with no report, up to 500 a request. The same child, day and period sent again is the same notice. */
                    absences: {
                        /** @example per_0k3v9x2m7q1w8e4r6t5y */
                        personId: string;
                        /** Format: date */
                        day: string;
                        /**
                         * @description For a part of the day (a period): when it began, in the school's time zone. With `to`.
                         * @example 09:00
                         */
                        from?: string;
                        /**
                         * @description For a part of the day: when it ended.
                         * @example 09:00
                         */
                        to?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        absences: components["schemas"]["UnexplainedAbsence"][];
                    };
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: Conflict. */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: Request body too large. */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unprocessable`: Request refused. */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAffiliations: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 1000; default 100. */
                limit?: number;
                /** @description The `nextCursor` of the previous page, with the same filters. */
                cursor?: string;
                /** @description `open`: only spans in force today in the school's time zone (started on or before today, not ended before it). By default closed spans are included. */
                state?: "open";
                /** @description Only spans of this kind. */
                kind?: "student" | "staff_member" | "applicant" | "volunteer" | "contractor" | "prac_student" | "board_member";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AffiliationPage"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAlumni: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 1000; default 100. */
                limit?: number;
                /** @description The `nextCursor` of the previous page, with the same filters. */
                cursor?: string;
                /** @description Count alumni as at this day (no later than today in the school's time zone); default today. Someone who left after it is not yet an alumnus; someone on the roll that day is not one. */
                asAt?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlumnusPage"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApplications: {
        parameters: {
            query?: never;
            header?: {
                /** @description Honoured for 24 hours per token: the same key returns the first answer without redoing the work; the same key with a different request is `conflict`. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationInput"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationReceipt"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: Conflict. */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: Request body too large. */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApplicationsByIdEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description Honoured for 24 hours per token: the same key returns the first answer without redoing the work; the same key with a different request is `conflict`. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description The application's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplicationEventInput"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationEventReceipt"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: Not found. */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: Conflict. `held_elsewhere`: Held in another system. */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: Request body too large. */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unprocessable`: Request refused. */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postEnquiries: {
        parameters: {
            query?: never;
            header?: {
                /** @description Honoured for 24 hours per token: the same key returns the first answer without redoing the work; the same key with a different request is `conflict`. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnquiryInput"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnquiryReceipt"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: Conflict. */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: Request body too large. */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postEnrolments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Honoured for 24 hours per token: the same key returns the first answer without redoing the work; the same key with a different request is `conflict`. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnrolmentInput"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrolmentReceipt"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: Conflict. `held_elsewhere`: Held in another system. */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: Request body too large. */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unprocessable`: Request refused. */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvents: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. Without it the feed starts at its oldest change (30 days back). */
                after?: string;
                /** @description Only these kinds, comma-separated (such as `person.created,person.updated`); the token's scopes limit them further. */
                kinds?: string;
                /** @description Changes per page, 1 to 1000; default 100. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @enum {string} */
                            kind: "person.created" | "person.updated" | "person.deleted" | "affiliation.created" | "affiliation.updated" | "billing.updated" | "enquiry.created" | "booking.created" | "application.created" | "application.updated" | "enrolment.created" | "sync_run.updated" | "staff_import.completed" | "export.produced" | "tour.created" | "tour.updated" | "class.created" | "class.updated" | "class_member.created" | "class_member.updated" | "teaching_assignment.created" | "teaching_assignment.updated" | "academic_session.created" | "academic_session.updated" | "course.created" | "course.updated" | "affiliation.deleted" | "staff_check.created" | "staff_check.updated" | "enquiry.updated" | "fee_schedule.created" | "fee_schedule.updated" | "consent_purpose.created" | "consent_ask.created" | "consent_ask.updated" | "consent.created" | "consent.updated" | "message.created" | "activity_member.created" | "activity_member.deleted" | "notification.failed" | "absence.reported" | "absence.explained" | "absence.withdrawn" | "contact.updated" | "person.erased";
                            /** @description The record's table, in the plural: `people`, `affiliations`, `enquiries`, … */
                            table: string;
                            /** @description The changed record's id: read it from its endpoint. */
                            id: string;
                            /**
                             * Format: date-time
                             * @example 2026-03-01T09:30:00.000Z
                             */
                            at: string;
                            /** @description The change's place among the school's own changes: 1, 2, 3 …, increasing; the only gaps are changes of kinds the caller does not read. */
                            sequence: number;
                        }[];
                        /** @description Always set, even on an empty page: pass it back as `after` to go on from here. */
                        nextCursor: string;
                    };
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unprocessable`: Request refused. */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getExports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportListing"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getExportsByIdFile: {
        parameters: {
            query?: {
                /** @description The grant in the listing's `url`. */
                grant?: string;
            };
            header?: never;
            path: {
                /** @description The file's id, as its `url` names it. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, streamed as an attachment under its own name. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    "Content-Length": components["headers"]["Content-Length"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": string;
                };
            };
            /** @description Where the deployment keeps files in an S3-compatible bucket: a redirect to the bucket's signed link to the file, which works for 60 seconds and answers it as an attachment under its own name. */
            302: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    /** @description The signed link. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: Not found. */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPeople: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 1000; default 100. */
                limit?: number;
                /** @description The `nextCursor` of the previous page, with the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonPage"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPeopleById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The person's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Person"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: Not found. */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPeopleByIdBilling: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The person's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Billing"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: Not found. */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPeopleByIdContacts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The person's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChildContacts"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: Not found. */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPeopleSync: {
        parameters: {
            query?: never;
            header?: {
                /** @description Honoured for 24 hours per token: the same key returns the first answer without redoing the work; the same key with a different request is `conflict`. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PeopleSyncInput"];
            };
        };
        responses: {
            /** @description Accepted: the work goes on after the answer. */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PeopleSyncAnswer"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: Conflict. */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: Request body too large. */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unprocessable`: Request refused. */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRosterByFormat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `oneroster` (OneRoster 1.1 CSV, bulk, with its manifest), `sds` (School Data Sync CSV v2.1) or `oneroster12` (OneRoster 1.2 CSV, bulk). */
                format: "oneroster" | "sds" | "oneroster12";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Roster"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: Not found. */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postStaffImport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Honoured for 24 hours per token: the same key returns the first answer without redoing the work; the same key with a different request is `conflict`. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffImportInput"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffImportAnswer"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: Not found. */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: Conflict. */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: Request body too large. */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unprocessable`: Request refused. */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStarters: {
        parameters: {
            query?: {
                /** @description First day of the window; default today in the school's time zone. */
                from?: string;
                /** @description Last day of the window (inclusive); default a year after `from`. */
                to?: string;
                /** @description Items per page, 1 to 1000; default 100. */
                limit?: number;
                /** @description The `nextCursor` of the previous page, with the same filters. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StarterPage"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTours: {
        parameters: {
            query?: {
                /** @description Only tours at the campus of this name. */
                campus?: string;
                /** @description Only tours for this audience. */
                audience?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TourList"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postToursByIdBookings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Honoured for 24 hours per token: the same key returns the first answer without redoing the work; the same key with a different request is `conflict`. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description The tour's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EnquiryInput"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Idempotency-Replayed": components["headers"]["Idempotency-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingReceipt"];
                };
            };
            /** @description `bad_request`: Bad request. `validation_failed`: Some fields are missing or wrong. */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthenticated`: Not signed in or token not valid. */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbidden`: Not permitted. `component_off`: This part of the service is switched off. */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: Not found. */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: Conflict. */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: Request body too large. */
            413: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unprocessable`: Request refused. */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: Too many requests. */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: Something went wrong on our side. */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
