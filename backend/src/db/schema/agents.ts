import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cities } from './cities';
import { businessAreas } from './places';
import { users } from './users';

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'restrict' }),
  cityCode: text('city_code')
    .notNull()
    .references(() => cities.cityCode, { onDelete: 'restrict' }),
  businessAreaId: integer('business_area_id')
    .notNull()
    .references(() => businessAreas.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
});

/** Agents are chat counterparties only (spec §6); `userId` is their IM identity. */
export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.cityCode, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    photoUrl: text('photo_url').notNull(),
    mobile: text('mobile').notNull(),
    /**
     * contracts/agent.ts AGENT_STATUS (spec §3). Not narrowed to its type: operators set it from a typed number
     * (modules/ops/agents.ts); backend/test/status-codes.test.ts ties the stored codes to the contract.
     */
    status: smallint('status').notNull(),
    /** The year the agent started in the trade (从业年限 on the agent page). The default only lets the
     * migration apply to a database seeded before the column. */
    careerStart: smallint('career_start').notNull().default(2020),
  },
  (t) => [
    uniqueIndex('agents_user_idx').on(t.userId),
    index('agents_city_idx').on(t.cityCode),
    index('agents_branch_idx').on(t.branchId),
  ],
);

/**
 * Every 拨打电话 click that was given a number (contracts/agent.ts; spec §3 tracking): which agent, from
 * which listing (business type and id), by which device, address and user (when logged in), and the extension of
 * the virtual number given. The agent's mobile is in no answer, so this is where its use is seen; the caps per
 * address, device and user (modules/portal/agents.ts) count the distinct agents of these rows in the last hour and day.
 */
export const agentPhoneReveals = pgTable(
  'agent_phone_reveals',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** Both null for a call from the agent's own page (`/agent/{id}`, `/h5/agent`), which is about no listing. */
    businessType: smallint('business_type'),
    businessId: integer('business_id'),
    deviceCode: text('device_code'),
    clientIp: text('client_ip'),
    /** The session's user, when the visitor was logged in; the record outlives a deleted account (set null). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The extension given (agent_phone_bindings); null only on rows from before virtual numbers. */
    extension: integer('extension'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agent_phone_reveals_agent_idx').on(t.agentId, t.at),
    // The caps' counts: one range per key over the last day.
    index('agent_phone_reveals_ip_idx').on(t.clientIp, t.at),
    index('agent_phone_reveals_device_idx').on(t.deviceCode, t.at),
    index('agent_phone_reveals_user_idx').on(t.userId, t.at),
  ],
);

/**
 * Virtual numbers (拨打电话, contracts/agent.ts): an extension of the portal's 400 line bound to one agent and one
 * device (`d:<device code>`, `ip:<address>` for a visitor without one, `u:<user id>` for a number agreed in the
 * chat) until `expires_at`. A telephony provider routes a call on the line to the extension's agent while the
 * binding lives (docs/operations.md "Virtual numbers"). One row per pair; an extension is held by one row at a
 * time, so a live extension names exactly one agent; an expired row keeps its extension until it is taken again.
 */
export const agentPhoneBindings = pgTable(
  'agent_phone_bindings',
  {
    id: serial('id').primaryKey(),
    extension: integer('extension').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('agent_phone_bindings_extension_idx').on(t.extension),
    uniqueIndex('agent_phone_bindings_pair_idx').on(t.agentId, t.deviceKey),
  ],
);
