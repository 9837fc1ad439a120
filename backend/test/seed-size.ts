/** Listings seeded for the backend suite (the other channels follow at their ratios): small enough to seed in seconds. */
export const TEST_SEED_SIZE = 400;
