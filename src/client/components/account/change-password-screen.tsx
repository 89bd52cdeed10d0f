import { KeyRoundIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuth } from "@/lib/auth";
import { ChangePasswordForm } from "./change-password-form";

/**
 * In place of every screen while the person is signed in with a temporary password: the server answers nothing
 * else until it is changed ("Change your temporary password first.").
 */
export function ChangePasswordScreen() {
  const { me, signOut } = useAuth();
  return (
    <div className="flex min-h-[calc(100vh-3.5rem)] items-center justify-center p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <KeyRoundIcon className="size-8 text-primary" aria-hidden />
          <CardTitle className="text-xl">Choose your own password</CardTitle>
          <CardDescription>
            {me?.email} signed in with a temporary password. Choose your own to continue: the temporary one
            stops working now.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <ChangePasswordForm onDone={() => {}} />
          <Button variant="link" size="sm" className="self-center" onClick={() => void signOut()}>
            Sign out
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
