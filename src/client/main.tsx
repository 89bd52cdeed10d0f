import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AuthProvider } from "./lib/auth";
import { isAuthResponseFrame } from "./lib/msal";
import { createQueryClient } from "./lib/query-client";
import { ThemeProvider } from "./lib/theme";
import { createTrpcClient, trpc } from "./lib/trpc";
import { router } from "./router";

const root = document.getElementById("root")!;

if (isAuthResponseFrame()) {
  // MSAL's sign-in popup (or silent iframe) landed back on our origin: hand the response to the main window.
  import("@azure/msal-browser/redirect-bridge")
    .then((m) => m.broadcastResponseToMainFrame())
    .catch(() => window.close());
} else {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <AuthProvider>
              <RouterProvider router={router} />
            </AuthProvider>
          </QueryClientProvider>
        </trpc.Provider>
      </ThemeProvider>
    </StrictMode>,
  );
}
