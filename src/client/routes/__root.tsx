import { createRootRoute } from "@tanstack/react-router";
import { AppShell } from "@/components/app-shell";

export const Route = createRootRoute({
  component: AppShell,
  notFoundComponent: () => (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        There is no page at this address. Use the navigation to find what you need.
      </p>
    </div>
  ),
});
