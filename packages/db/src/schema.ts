import type { ColumnType, Generated } from 'kysely';

/** Kysely table types; they mirror migrations/*.sql. numeric columns are parsed to number (see connect.ts). */
export interface ClientsTable {
  cuid: string;
  is_anonymous: Generated<boolean>;
  created_at: Generated<Date>;
  /** 004: accounts. */
  email: string | null;
  nickname: string | null;
  password_hash: string | null;
  ucode: string | null;
  bio: string | null;
  profile_photo_name: string | null;
  phone_number: string | null;
  phone_country_code: string | null;
  is_email_verified: Generated<boolean>;
  is_phone_verified: Generated<boolean>;
  is_identity_verified: Generated<boolean>;
  is_agent: Generated<boolean>;
  privileges: Generated<string[]>;
  updated_at: Generated<Date>;
}
/** 004: the sign-up PIN (only its SHA-256). */
export interface SignupPinsTable {
  cuid: string;
  email_norm: string;
  pin_hash: string;
  attempts: Generated<number>;
  sent_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}
/** 004: a forgot-password link (only the token's SHA-256). */
export interface PasswordResetTokensTable {
  token_hash: string;
  cuid: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}
/** 004: messages kept instead of sent (dev outbox, SMS/WhatsApp sandbox). */
export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms' | 'whatsapp';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  links: ColumnType<string[], string | undefined, string>;
  codes: ColumnType<string[], string | undefined, string>;
  /** 019: files of the e-mail, [{ filename, content_type, content }]. */
  attachments: ColumnType<{ filename: string; content_type: string; content: string }[], string | undefined, string>;
  created_at: Generated<Date>;
}
/** 004: fixed-window rate-limit counters (when no Redis). */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Date;
}
export interface SessionsTable {
  id_hash: string;
  cuid: string;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  /** 054: the branded site a session made by the central login belongs to (null: the product's). */
  site_uid: Generated<string | null>;
}
export interface PropertiesTable {
  puid: string;
  nj_uid: string;
  slug: string;
  source: string;
  source_id: string;
  owner_cuid: string | null;
  /** 021: the agent the owner assigned the listing to (its conversations go to them); null: the owner answers. */
  agent_cuid: Generated<string | null>;
  title: string;
  description: string | null;
  property_type: string;
  is_renta: Generated<boolean>;
  is_venta: Generated<boolean>;
  is_active: Generated<boolean>;
  rent_price: number | null;
  rent_currency: Generated<string>;
  rent_based_on: Generated<string>;
  rent_commission_type: Generated<string>;
  rent_commission_value: number | null;
  rent_commission_currency: Generated<string>;
  sale_price: number | null;
  sale_currency: Generated<string>;
  sale_based_on: Generated<string>;
  sale_commission_type: Generated<string>;
  sale_commission_value: number | null;
  sale_commission_currency: Generated<string>;
  monthly_maintenance_fee: number | null;
  street: string | null;
  number_ext: string | null;
  number_int: string | null;
  neighborhood: string | null;
  municipality: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  lat: number;
  lng: number;
  /** Set by the properties_touch trigger from lat/lng. */
  geom: ColumnType<string, never, never>;
  land_area: number | null;
  land_unit: Generated<string>;
  construction_area: number | null;
  rooms: number | null;
  bathrooms: number | null;
  half_bathrooms: number | null;
  parking_spots: number | null;
  floors: number | null;
  apt_floor: number | null;
  apt_total_floors: number | null;
  construction_year: string | null;
  amenities: Generated<string[]>;
  images: ColumnType<{ name: string; order: number }[], string | undefined, string>;
  likes: Generated<number>;
  views: Generated<number>;
  shares: Generated<number>;
  inquiries: Generated<number>;
  /** 016: null when the source does not say when it was published (issue 10; sorts after dated ones). */
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  change_seq: Generated<number>;
  /** 016: how precisely lat/lng is known ('exact' = the listing's own point; otherwise a geocoded place's centre). */
  location_precision: ColumnType<'exact' | 'colonia' | 'postal_code' | 'locality' | 'municipality', string | undefined, string>;
  /** 016: the advertiser's listing URL, kept by an import with --keep-text. */
  source_url: string | null;
  /** 017: the page import (listing_imports.id) that created or last updated the listing; null otherwise. */
  import_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 041: the official property folio a support user recorded on completing an LP ticket (issue 14). */
  folio_gob_mx: ColumnType<string | null, string | null | undefined, string | null>;
  /** 041: when the owner was last verified as the legitimate owner ('Propietario verificado'); null if never. */
  last_verified: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** Drafts of the publish form (008-listings-write.sql). */
export interface PropertyDraftsTable {
  id: string;
  owner_cuid: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  step: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface PropertyTombstonesTable {
  puid: string;
  change_seq: Generated<number>;
}
export interface ImportRunsTable {
  id: Generated<number>;
  file_key: string;
  source: string;
  rows_done: Generated<number>;
  imported: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  finished_at: Date | null;
  started_at: Generated<Date>;
}
export interface PlacesTable {
  id: string;
  kind: string;
  name: string;
  label: string;
  slug: string;
  name_norm: string;
  label_norm: string;
  state_code: string | null;
  state_name: string | null;
  municipality_code: string | null;
  municipality_name: string | null;
  locality: string | null;
  postal_code: string | null;
  lat: number;
  lng: number;
  min_lat: number | null;
  min_lng: number | null;
  max_lat: number | null;
  max_lng: number | null;
  population: Generated<number>;
  rank: Generated<number>;
  source: string;
  /** 003: how the point was obtained ('polygon', 'listings', 'locality', 'city', 'municipality_seat', …). */
  precision: string | null;
  /** 003: other normalised names separated by '|'. */
  aliases: string | null;
  /** 003: a state or municipality (usable as query context). */
  is_area: Generated<boolean>;
  /** 003: generated from lat/lng. */
  geom: ColumnType<string, never, never>;
}
/** 003: word-starts of place names for prefix search (packages/geo). */
export interface PlaceWordsTable {
  word: string;
  place_id: string;
  rank: number;
  is_start: boolean;
  state_code: string | null;
  municipality_code: string | null;
}
/** 003: best place ids of every crowded prefix. */
export interface PlacePrefixTopTable {
  prefix: string;
  place_ids: string[];
}
/** 023: every distinct normalised place name and how many places carry it (trigram typo search, packages/geo). */
export interface PlaceNamesTable {
  name_norm: string;
  places: number;
}
/** 023: one row, raised by every rebuild of the place search tables (processes reload their name index). */
export interface PlaceSearchVersionTable {
  only_row: Generated<boolean>;
  version: number;
}
/** 024: the polygon of each shipped colonia (a MultiPolygon, EPSG:4326; read only in SQL). */
export interface PlaceOutlinesTable {
  place_id: string;
  geom: string;
}
/** 003: fingerprints of loaded place sources. */
export interface PlaceLoadsTable {
  source: string;
  fingerprint: string;
  loaded_at: Generated<Date>;
}
/** 005: one like (favorito) per client and property; triggers keep properties.likes equal to the row count. */
export interface PropertyLikesTable {
  cuid: string;
  puid: string;
  created_at: Generated<Date>;
}
/** 006: a single-use e-mail verification link (only the token's SHA-256 is kept). */
export interface EmailVerificationTokensTable {
  token_hash: string;
  cuid: string;
  email: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}
/** 006: the pending phone verification of a client (one row per client). */
export interface PhoneVerificationsTable {
  cuid: string;
  phone_number: string;
  phone_country_code: string;
  channel: 'whatsapp' | 'sms';
  code_hash: string | null;
  code_expires_at: Date | null;
  code_attempts: Generated<number>;
  failed_attempts: Generated<number>;
  sends: Generated<number>;
  last_sent_at: Date | null;
  status: Generated<'pending' | 'verified' | 'contact-us'>;
  updated_at: Generated<Date>;
}
/** 007: platform e-money ledger; balance = SUM(amount_mxn); the welcome reward is unique per client. */
export interface EmoneyLedgerTable {
  id: Generated<number>;
  cuid: string;
  amount_mxn: number;
  kind: 'welcome_reward' | 'referral_reward' | 'adjustment' | 'payment_debit' | 'payment_refund';
  /** 038: the payment checkout of a payment_debit / payment_refund. */
  pcuid: Generated<string | null>;
  note: string | null;
  created_at: Generated<Date>;
}
/** 007: who referred whom (one referrer per client). */
export interface ReferralsTable {
  referred_cuid: string;
  referrer_cuid: string;
  created_at: Generated<Date>;
}
/** 007: a client's personal references; phone_number in E.164. */
export interface ClientReferencesTable {
  id: Generated<number>;
  cuid: string;
  name: string;
  phone_number: string;
  reftype: Generated<'work' | 'family' | 'friend'>;
  is_confirmed: Generated<boolean>;
  confirmed_at: Date | null;
  confirmed_by_cuid: string | null;
  last_sent_at: Date | null;
  created_at: Generated<Date>;
}
/** 007: confirmation links of references (only the token's SHA-256). */
export interface ReferenceTokensTable {
  token_hash: string;
  reference_id: number | null;
  cuid: string;
  sent_at: Generated<Date>;
  expires_at: Date;
}
export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}
/** 009: daily statistics per listing (spec 01 §2 owner metrics). `day` is a Mexico City calendar day. */
export interface ListingDailyStatsTable {
  puid: string;
  day: ColumnType<Date | string, string, string>;
  appears: Generated<number>;
  views: Generated<number>;
  likes: Generated<number>;
  inquiries: Generated<number>;
  leads: Generated<number>;
  shares: Generated<number>;
}
/** 009: when a client was last counted for a listing ('view', 'appear', 'share'); repeats inside 5 s are ignored. */
export interface ListingLastSeenTable {
  cuid: string;
  kind: string;
  puid: string;
  last_seen: ColumnType<Date, Date | string, Date | string>;
  prev_seen: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** 009: applied statistics pushes (idempotency of the views push and appearances). */
export interface StatsPushesTable {
  cuid: string;
  push_id: string;
  kind: string;
  created_at: Generated<Date>;
}
/** 009: contact messages (leads) sent to a listing's owner. */
export interface LeadsTable {
  luid: string;
  puid: string;
  owner_cuid: string | null;
  sender_cuid: string | null;
  name: string;
  phone: string;
  email: string;
  message: string;
  ip: string | null;
  emailed_at: Date | null;
  created_at: Generated<Date>;
  /** 044: the agent the listing was assigned to when the lead arrived (the lead went to them). */
  agent_cuid: string | null;
}

/** 015: reports of a listing for the support team (issue 9 §4 'Reportar anuncio'). */
export interface ListingReportsTable {
  ruid: string;
  puid: string;
  reason: string;
  details: string | null;
  reporter_cuid: string | null;
  ip: string | null;
  status: Generated<'open' | 'reviewed' | 'dismissed'>;
  created_at: Generated<Date>;
}

/** 012: background jobs (packages/core/src/jobs). run_at is the lease's end while running. */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: ColumnType<unknown, string | undefined, string>;
  key: string | null;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_by: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  done_at: Date | null;
}
/** 012: cron schedules of background jobs. */
export interface JobSchedulesTable {
  name: string;
  cron: string;
  tz: Generated<string>;
  next_run_at: ColumnType<Date, Date | string, Date | string>;
  updated_at: Generated<Date>;
}

/** 013: every grant or revoke of a privilege by `npm run privileges`, with who and when. */
export interface PrivilegeGrantsTable {
  id: Generated<string>;
  cuid: string;
  privilege: string;
  action: 'grant' | 'revoke';
  granted_by: string;
  created_at: Generated<Date>;
}
/** 017: imports started from the import page (issue 10), with progress and the grouped skip report. */
export interface ListingImportsTable {
  id: string;
  owner_cuid: string;
  file_name: string;
  /** Storage key of the uploaded file (imports/<cuid>/<id>.<ext>). */
  stored_path: string;
  format: 'csv' | 'xlsx';
  mapping: ColumnType<unknown, string | undefined, string>;
  status: Generated<'planned' | 'running' | 'done' | 'failed' | 'undone'>;
  rows_total: Generated<number>;
  rows_done: Generated<number>;
  imported: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  report: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
  undone_at: Date | null;
}
/** 018: a rent (spec 03 §3) between a renter and a listing's advertiser; its conversation is rent_messages. */
export interface RentsTable {
  ruid: string;
  puid: string;
  renter_cuid: string;
  owner_cuid: string;
  step: Generated<string>;
  price: number | null;
  maintenance_fee: number | null;
  discard_reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  last_activity_at: Generated<Date>;
  /** 020: the party who blocked the conversation (null: not blocked) and when. */
  blocked_by: string | null;
  blocked_at: Date | null;
  /** 026 (issue 12 'The proposal'): months of (rent + maintenance), 0–6. */
  warranty_deposit: Generated<number>;
  plan: 'basic' | 'neo' | null;
  rent_type: Generated<'solo' | 'joint'>;
  /** Written as 'YYYY-MM-DD'; read them with to_char (the drivers turn a date into a Date at local midnight): the
   *  offers repository does. Typed unknown on read so no caller takes the driver's value for a string. */
  first_day: ColumnType<unknown, string | null | undefined, string | null>;
  last_day: ColumnType<unknown, string | null | undefined, string | null>;
  offer_started_at: Date | null;
  offer_sent_at: Date | null;
  /** 030 (issue 12): total monthly income, whole MXN, and the employer (spec 03 §3 Rent). */
  total_income: number | null;
  work_company_name: string | null;
  work_company_phone_number: string | null;
  work_company_webpage: string | null;
}
/** 027: the data of one person of a rent (issue 12; spec 03 §3 "Person data"); identifiers sealed. */
export interface RentPersonsTable {
  ruid: string;
  role: 'renter' | 'second_renter' | 'aval';
  cuid: string | null;
  first_name: string | null;
  middle_names: string | null;
  first_last_name: string | null;
  other_last_names: string | null;
  /** Written as 'YYYY-MM-DD'; read with to_char (rent-persons repository). */
  birthdate: ColumnType<unknown, string | null | undefined, string | null>;
  ocupation: string | null;
  civil_status: 'soltero' | 'casado' | null;
  birthplace: string | null;
  birthplace_state: string | null;
  lsex: 'male' | 'female' | null;
  curp_sealed: string | null;
  rfc_sealed: string | null;
  idmex_sealed: string | null;
  updated_at: Generated<Date>;
}
/** 030: one stored personal document (INE of a client; poa/poi/poi_second of a rent's person); the file is sealed. */
export interface PersonDocumentsTable {
  slug: string;
  cuid: string;
  /** 032 adds guarantee_deed (the aval's deed or predial). */
  kind: 'ine_front' | 'ine_back' | 'poa' | 'poi' | 'poi_second' | 'guarantee_deed';
  ruid: string | null;
  role: 'renter' | 'second_renter' | 'aval' | null;
  storage_key: string;
  content_type: string;
  size: number;
  filename: string;
  addr: string | null;
  neighborhood: string | null;
  city: string | null;
  municipality: string | null;
  state: string | null;
  cp: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** 028: one INE check a client started (spec 03 §3 'Identity validation'); request_sealed only while pending. */
export interface IdentityProcessesTable {
  process_id: string;
  cuid: string;
  provider: string;
  provider_reference: string | null;
  provider_status: string | null;
  match_type: string | null;
  document_type: Generated<string>;
  status: 'success' | 'failure' | 'pending';
  request_fields: string;
  request_sealed: string | null;
  failure_reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** 032: a guarantor or second renter the tenant named in a rent (issue 12; spec 03 §3 Guarantor record). */
export interface RentInvitationsTable {
  iuid: string;
  ruid: string;
  role: 'aval' | 'second_renter';
  atype: 'aval' | 'obligado' | 'nowo' | null;
  email: string | null;
  cuid: string | null;
  status: Generated<'pending' | 'accepted' | 'rejected' | 'replaced'>;
  is_approved: boolean | null;
  is_os_confirmed: Generated<boolean>;
  is_os_approved: boolean | null;
  approved_before: Generated<boolean>;
  decided_by: string | null;
  decided_at: Date | null;
  guarantee_address: string | null;
  guarantee_neighborhood: string | null;
  guarantee_city: string | null;
  guarantee_municipality: string | null;
  guarantee_state: string | null;
  guarantee_cp: string | null;
  insurer: string | null;
  insurer_reference: string | null;
  insurer_premium: number | null;
  answered_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** 018: one chat message of a rent (spec 03 §3 'Chat message'); from_cuid null for system messages. */
export interface RentMessagesTable {
  muid: string;
  ruid: string;
  from_cuid: string | null;
  to_cuid: string | null;
  cat: Generated<'msg' | 'system' | 'appt' | 'attachment'>;
  text: Generated<string>;
  dynamic_content: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  attachment: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  seen: Generated<boolean>;
  seen_at: Date | null;
  client_message_id: string | null;
  created_at: Generated<Date>;
  seq: ColumnType<string, never, never>;
}
/** 018: a visit of a rent: proposed times, the confirmed one as UTC instants plus the IANA zone. */
export interface AppointmentsTable {
  auid: string;
  ruid: string;
  proposed: ColumnType<{ st: string; et: string }[], string | undefined, string>;
  st: Date | null;
  et: Date | null;
  time_zone: string | null;
  status: Generated<'requested' | 'proposed' | 'confirmed' | 'cancelled'>;
  cancelled_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** 018: one side's rating (1–5) of the other after a visit. */
export interface AppointmentReviewsTable {
  auid: string;
  reviewer_cuid: string;
  reviewee_cuid: string;
  rating: number;
  comment: string | null;
  created_at: Generated<Date>;
}
/** 019: new-message notifications of one conversation to one recipient: the last one sent, and muted (unsubscribed). */
export interface ChatNotificationsTable {
  ruid: string;
  cuid: string;
  last_notified_at: Date | null;
  muted_at: Date | null;
}
export interface DB {
  clients: ClientsTable;
  sessions: SessionsTable;
  properties: PropertiesTable;
  property_tombstones: PropertyTombstonesTable;
  import_runs: ImportRunsTable;
  places: PlacesTable;
  place_words: PlaceWordsTable;
  place_prefix_top: PlacePrefixTopTable;
  place_names: PlaceNamesTable;
  place_search_version: PlaceSearchVersionTable;
  place_loads: PlaceLoadsTable;
  place_outlines: PlaceOutlinesTable;
  schema_migrations: SchemaMigrationsTable;
  emoney_ledger: EmoneyLedgerTable;
  referrals: ReferralsTable;
  client_references: ClientReferencesTable;
  reference_tokens: ReferenceTokensTable;
  signup_pins: SignupPinsTable;
  password_reset_tokens: PasswordResetTokensTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  email_verification_tokens: EmailVerificationTokensTable;
  phone_verifications: PhoneVerificationsTable;
  property_likes: PropertyLikesTable;
  property_drafts: PropertyDraftsTable;
  listing_daily_stats: ListingDailyStatsTable;
  listing_last_seen: ListingLastSeenTable;
  stats_pushes: StatsPushesTable;
  leads: LeadsTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  privilege_grants: PrivilegeGrantsTable;
  listing_reports: ListingReportsTable;
  listing_imports: ListingImportsTable;
  rents: RentsTable;
  rent_messages: RentMessagesTable;
  rent_persons: RentPersonsTable;
  identity_processes: IdentityProcessesTable;
  person_documents: PersonDocumentsTable;
  rent_invitations: RentInvitationsTable;
  appointments: AppointmentsTable;
  appointment_reviews: AppointmentReviewsTable;
  chat_notifications: ChatNotificationsTable;
}
