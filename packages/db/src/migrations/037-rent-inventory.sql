-- Issue 13 'Inventory' (spec 03 §2, §7 /v1/rents/inventory; decision 022): a rent's two inventories, at the key
-- handover (move_in) and at the move-out (move_out), as rooms with notes and photos, and each side's confirmation.
-- Both sides must confirm the same content: any change clears the phase's confirmations.
CREATE TABLE rent_inventories (
  ruid                text NOT NULL REFERENCES rents(ruid) ON DELETE CASCADE,
  phase               text NOT NULL CHECK (phase IN ('move_in', 'move_out')),
  renter_confirmed_at timestamptz,
  owner_confirmed_at  timestamptz,
  -- Set once, when both sides confirmed; the phase is then read-only.
  completed_at        timestamptz,
  -- Move-out: centavos MXN of the deposit the owner keeps for damages, proposed by the owner, accepted by the tenant.
  deduction_cents     bigint NOT NULL DEFAULT 0 CHECK (deduction_cents >= 0),
  deduction_reason    text NOT NULL DEFAULT '' CHECK (length(deduction_reason) <= 2000),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ruid, phase)
);

CREATE TABLE rent_inventory_rooms (
  id          text PRIMARY KEY,
  ruid        text NOT NULL,
  phase       text NOT NULL,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  notes       text NOT NULL DEFAULT '' CHECK (length(notes) <= 4000),
  position    integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (ruid, phase) REFERENCES rent_inventories(ruid, phase) ON DELETE CASCADE
);
CREATE INDEX rent_inventory_rooms_phase_idx ON rent_inventory_rooms (ruid, phase, position);

-- Photos are re-encoded WebP under the storage prefix 'inventory/' (never served by /media: only the rent's parties
-- load them through GET /api/v1/rents/{ruid}/inventory/photos/{id}).
CREATE TABLE rent_inventory_photos (
  id           text PRIMARY KEY,
  room_id      text NOT NULL REFERENCES rent_inventory_rooms(id) ON DELETE CASCADE,
  ruid         text NOT NULL REFERENCES rents(ruid) ON DELETE CASCADE,
  storage_key  text NOT NULL UNIQUE,
  width        integer NOT NULL,
  height       integer NOT NULL,
  size         integer NOT NULL,
  uploaded_by  text REFERENCES clients(cuid) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rent_inventory_photos_room_idx ON rent_inventory_photos (room_id, created_at);
