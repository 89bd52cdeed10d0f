// One file per domain; drizzle-kit reads this barrel to generate migrations.
export * from "./audit";
export * from "./chat";
export * from "./core-boxes";
export * from "./dashboard";
export * from "./directory";
export * from "./documents";
export * from "./history";
export * from "./jobs";
export * from "./personal";
export * from "./projects";
export * from "./reports-binder";
export * from "./storage";
export * from "./tickets";
export * from "./users";
