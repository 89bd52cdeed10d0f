// One file per domain; drizzle-kit reads this barrel to generate migrations.
export * from "./audit";
export * from "./directory";
export * from "./projects";
export * from "./storage";
export * from "./tickets";
export * from "./users";
