import { MountainIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";

/** Shown in place of any screen until the person signs in; after sign-in they stay on the page they asked for. */
export function SignIn() {
  const { config, signInWithPassword, signInWithMicrosoft } = useAuth();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signInWithPassword(email, password);
    } catch (err) {
      setError(errorMessage(err, "Sign-in failed. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-[calc(100vh-3.5rem)] items-center justify-center p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <MountainIcon className="size-8 text-primary" aria-hidden />
          <CardTitle className="text-xl">Sign in to Geolabs Portal</CardTitle>
          <CardDescription>Use your work account.</CardDescription>
        </CardHeader>
        <CardContent>
          {config?.mode === "entra" ? (
            <Button className="w-full" onClick={() => void signInWithMicrosoft()}>
              Sign In with Microsoft
            </Button>
          ) : config?.mode === "proxy" ? (
            <p className="text-sm text-muted-foreground" role="alert">
              Your identity comes from the company sign-in gateway, and it did not send one. Open the portal
              through the company gateway, or ask IT.
            </p>
          ) : (
            <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Sign in">
              <div className="flex flex-col gap-2">
                <Label htmlFor="sign-in-email">Email</Label>
                <Input
                  id="sign-in-email"
                  type="email"
                  autoComplete="username"
                  required
                  autoFocus
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="sign-in-password">Password</Label>
                <Input
                  id="sign-in-password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </div>
              {error && (
                <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
                  {error}
                </p>
              )}
              <Button type="submit" disabled={busy}>
                {busy ? "Signing in…" : "Sign In"}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
