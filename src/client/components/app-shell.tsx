import { Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { Toaster } from "sonner";
import { ChangePasswordScreen } from "@/components/account/change-password-screen";
import { ConfirmProvider } from "@/components/confirm";
import { Header } from "@/components/header";
import { Sidebar } from "@/components/sidebar";
import { SignIn } from "@/components/sign-in";
import { TooltipProvider } from "@/components/ui/misc";
import { useAuth } from "@/lib/auth";
import { useImportOldPins, useRecents } from "@/lib/pinned-pages";
import { useTheme } from "@/lib/theme";

/**
 * Header + sidebar around every route; the sign-in card replaces the page until someone is signed in, and the
 * change-password card until a temporary password is changed.
 */
export function AppShell() {
  const { me, loading } = useAuth();
  const { theme } = useTheme();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [openCount, setOpenCount] = useState(0);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { visit } = useRecents();
  // Until a temporary password is changed the session may do nothing else: no lists are read or kept.
  const ready = !!me && !me.mustChangePassword;
  useDashboardAfterSignOut(!!me);
  useImportOldPins(ready);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a visit is recorded when the path changes
  useEffect(() => {
    if (ready) visit(pathname);
  }, [pathname, ready]);

  return (
    <TooltipProvider delayDuration={300}>
      <ConfirmProvider>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <Header
          onMenuClick={() => {
            setOpenCount((n) => n + 1);
            setSidebarOpen(true);
          }}
        />
        <Sidebar open={sidebarOpen} onOpenChange={setSidebarOpen} openCount={openCount} />
        <main id="main" tabIndex={-1} className="outline-none">
          {loading ? (
            <p className="p-8 text-center text-sm text-muted-foreground" role="status">
              Loading…
            </p>
          ) : me?.mustChangePassword ? (
            <ChangePasswordScreen />
          ) : me ? (
            <Outlet />
          ) : (
            <SignIn />
          )}
        </main>
        <Toaster richColors closeButton position="bottom-right" theme={theme} />
      </ConfirmProvider>
    </TooltipProvider>
  );
}

/**
 * When the signed-in person signs out (or their session ends), the address goes back to the dashboard: the next
 * person to sign in at this browser starts there, not on the page the last one left open (/admin, say).
 */
function useDashboardAfterSignOut(signedIn: boolean) {
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (signedIn) wasSignedIn.current = true;
    else if (wasSignedIn.current) {
      wasSignedIn.current = false;
      void navigate({ to: "/", replace: true });
    }
  }, [signedIn, navigate]);
}
