ALTER TABLE "tracking_events" ADD COLUMN "address_key" text;
-- The sender's address block as a keyed hash (schema.ts trackingEvents.addressKey), for the roll-up's cap per address.
-- Added to the partitioned table, so every day partition has it; null in the rows taken before.
