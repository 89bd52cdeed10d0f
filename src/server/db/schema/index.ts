// One file per domain; drizzle-kit reads this barrel to generate migrations.
export * from "./audit";
export * from "./core-boxes";
export * from "./history";
export * from "./users";
