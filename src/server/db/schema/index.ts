// One file per domain; drizzle-kit reads this barrel to generate migrations.
export * from "./audit";
export * from "./directory";
export * from "./tickets";
export * from "./users";
