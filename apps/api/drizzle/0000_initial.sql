CREATE TYPE "public"."code_purpose" AS ENUM('REGISTER', 'RESET_PASSWORD');--> statement-breakpoint
CREATE TYPE "public"."gift_status" AS ENUM('IN_PROGRESS', 'PENDING', 'DELIVERED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('ADMIN', 'TEACHER');--> statement-breakpoint
CREATE TYPE "public"."student_category" AS ENUM('CENTER_BASE', 'HOME_BASE', 'SURVIVAL_PROGRAM');--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"date" date NOT NULL,
	"duration" integer DEFAULT 120 NOT NULL,
	"description" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"student_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "activities_duration_ck" CHECK ("activities"."duration" >= 1)
);
--> statement-breakpoint
CREATE TABLE "attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"date" date NOT NULL,
	"check_in" timestamp with time zone NOT NULL,
	"check_out" timestamp with time zone,
	"check_in_location" text,
	"check_in_location_name" text,
	"check_out_location" text,
	"check_out_location_name" text,
	"status" "review_status" DEFAULT 'PENDING' NOT NULL,
	"is_within_office_range" boolean,
	"distance_from_office" double precision,
	"admin_notes" text,
	"reviewed_by_id" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_id" text,
	"global_sponsor_id" text,
	"name" text,
	"gift_sub_type" text,
	"description" text,
	"notes" text,
	"student_id" uuid NOT NULL,
	"status" "gift_status" DEFAULT 'PENDING' NOT NULL,
	"amount" numeric(12, 2),
	"gift_date" date,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_by_id" uuid,
	"delivered_at" timestamp with time zone,
	"delivered_by_id" uuid,
	"evidence_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_amount_ck" CHECK ("gifts"."amount" IS NULL OR "gifts"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "home_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"visit_date" date NOT NULL,
	"duration" integer DEFAULT 60 NOT NULL,
	"notes" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"location_name" text,
	"status" "review_status" DEFAULT 'PENDING' NOT NULL,
	"is_within_range" boolean,
	"distance_from_home" double precision,
	"review_notes" text,
	"reviewed_by_id" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "home_visits_duration_ck" CHECK ("home_visits"."duration" BETWEEN 1 AND 480)
);
--> statement-breakpoint
CREATE TABLE "leaves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"leave_type" text DEFAULT 'SINGLE_DAY' NOT NULL,
	"reason" text NOT NULL,
	"status" "review_status" DEFAULT 'PENDING' NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"review_notes" text,
	"reviewed_by_id" uuid,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "leaves_dates_ck" CHECK ("leaves"."end_date" >= "leaves"."start_date")
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"measured_by_id" uuid,
	"height" double precision NOT NULL,
	"weight" double precision NOT NULL,
	"date" date NOT NULL,
	"notes" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "measurements_height_ck" CHECK ("measurements"."height" > 0),
	CONSTRAINT "measurements_weight_ck" CHECK ("measurements"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address" text,
	"radius_meters" integer DEFAULT 50 NOT NULL,
	"set_by_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_locations_radius_ck" CHECK ("office_locations"."radius_meters" BETWEEN 10 AND 500),
	CONSTRAINT "office_locations_latitude_ck" CHECK ("office_locations"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "office_locations_longitude_ck" CHECK ("office_locations"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"purpose" "code_purpose" NOT NULL,
	"code_hash" text NOT NULL,
	"pending_registration_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"role" "role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"home_visit_distance_threshold" integer DEFAULT 50 NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_single_row_ck" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_threshold_ck" CHECK ("settings"."home_visit_distance_threshold" BETWEEN 10 AND 500)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"purpose" text NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"category" "student_category" NOT NULL,
	"parent_name" text,
	"parent_phone" text,
	"parent_email" text,
	"address" text,
	"medical_info" text,
	"assigned_teacher_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_pregnant" boolean DEFAULT false NOT NULL,
	"mother_age" integer,
	"pregnancy_months" integer,
	"expected_due_date" date,
	"actual_birth_date" date,
	"is_baby_born" boolean DEFAULT false NOT NULL,
	"home_latitude" double precision,
	"home_longitude" double precision,
	"home_location_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "students_pregnancy_months_ck" CHECK ("students"."pregnancy_months" IS NULL OR "students"."pregnancy_months" BETWEEN 1 AND 9),
	CONSTRAINT "students_mother_age_ck" CHECK ("students"."mother_age" IS NULL OR "students"."mother_age" BETWEEN 15 AND 50),
	CONSTRAINT "students_latitude_ck" CHECK ("students"."home_latitude" IS NULL OR "students"."home_latitude" BETWEEN -90 AND 90),
	CONSTRAINT "students_longitude_ck" CHECK ("students"."home_longitude" IS NULL OR "students"."home_longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"role" "role" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"profile_picture_file_id" uuid,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_email_lower_ck" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_delivered_by_id_users_id_fk" FOREIGN KEY ("delivered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_evidence_file_id_stored_files_id_fk" FOREIGN KEY ("evidence_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_visits" ADD CONSTRAINT "home_visits_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_measured_by_id_users_id_fk" FOREIGN KEY ("measured_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_locations" ADD CONSTRAINT "office_locations_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_pending_registration_id_pending_registrations_id_fk" FOREIGN KEY ("pending_registration_id") REFERENCES "public"."pending_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_assigned_teacher_id_users_id_fk" FOREIGN KEY ("assigned_teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_picture_file_id_stored_files_id_fk" FOREIGN KEY ("profile_picture_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_student_idx" ON "activities" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "activities_teacher_idx" ON "activities" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "activities_date_idx" ON "activities" USING btree ("date");--> statement-breakpoint
CREATE INDEX "activities_deleted_at_idx" ON "activities" USING btree ("deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_teacher_date_uq" ON "attendance" USING btree ("teacher_id","date");--> statement-breakpoint
CREATE INDEX "attendance_date_idx" ON "attendance" USING btree ("date");--> statement-breakpoint
CREATE INDEX "attendance_status_idx" ON "attendance" USING btree ("status");--> statement-breakpoint
CREATE INDEX "gifts_student_idx" ON "gifts" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "gifts_status_idx" ON "gifts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "gifts_assigned_at_idx" ON "gifts" USING btree ("assigned_at");--> statement-breakpoint
CREATE INDEX "home_visits_student_idx" ON "home_visits" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "home_visits_teacher_idx" ON "home_visits" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "home_visits_status_idx" ON "home_visits" USING btree ("status");--> statement-breakpoint
CREATE INDEX "home_visits_visit_date_idx" ON "home_visits" USING btree ("visit_date");--> statement-breakpoint
CREATE INDEX "home_visits_deleted_at_idx" ON "home_visits" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "leaves_teacher_idx" ON "leaves" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "leaves_status_idx" ON "leaves" USING btree ("status");--> statement-breakpoint
CREATE INDEX "leaves_dates_idx" ON "leaves" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "measurements_student_date_idx" ON "measurements" USING btree ("student_id","date");--> statement-breakpoint
CREATE INDEX "measurements_measured_by_idx" ON "measurements" USING btree ("measured_by_id");--> statement-breakpoint
CREATE INDEX "measurements_date_idx" ON "measurements" USING btree ("date");--> statement-breakpoint
CREATE INDEX "measurements_deleted_at_idx" ON "measurements" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "office_locations_one_active_uq" ON "office_locations" USING btree ("is_active") WHERE "office_locations"."is_active";--> statement-breakpoint
CREATE INDEX "one_time_codes_email_purpose_idx" ON "one_time_codes" USING btree ("email","purpose");--> statement-breakpoint
CREATE INDEX "pending_registrations_email_idx" ON "pending_registrations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_storage_key_uq" ON "stored_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_student_id_uq" ON "students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "students_assigned_teacher_idx" ON "students" USING btree ("assigned_teacher_id");--> statement-breakpoint
CREATE INDEX "students_category_idx" ON "students" USING btree ("category");--> statement-breakpoint
CREATE INDEX "students_deleted_at_idx" ON "students" USING btree ("deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_deleted_at_idx" ON "users" USING btree ("deleted_at");