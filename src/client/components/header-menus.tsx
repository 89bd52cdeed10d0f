import type { Me } from "@shared/auth";
import { can } from "@shared/permissions";
import { Link } from "@tanstack/react-router";
import {
  BoxIcon,
  CopyIcon,
  ExternalLinkIcon,
  FileUpIcon,
  KeyRoundIcon,
  LifeBuoyIcon,
  LogInIcon,
  LogOutIcon,
  PlusIcon,
  SettingsIcon,
  UploadCloudIcon,
} from "lucide-react";
import { useRef, useState } from "react";
import { ChangePasswordDialog } from "@/components/account/change-password-dialog";
import { InitialsAvatar } from "@/components/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useAuth } from "@/lib/auth";
import { useCopy } from "@/lib/use-copy";

export type MenuName = "create" | "notifications" | "profile";

interface MenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Create menu: shortcuts to the upload and add screens. Writers only for uploads (the server enforces it too). */
export function CreateMenu({ open, onOpenChange }: MenuProps) {
  const { me } = useAuth();
  const writer = can(me ? { ...me } : null, "content.write");
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label="Create">
          <PlusIcon />
          <span className="hidden sm:inline">Create</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {/* Uploads are for Admins and Owners: a User is not offered a screen that would only refuse them. */}
        {writer && (
          <>
            <DropdownMenuItem asChild>
              <Link to="/db-admin">
                <FileUpIcon /> Upload Documents
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/s3-admin">
                <UploadCloudIcon /> Upload to S3
              </Link>
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuItem asChild>
          <Link to="/core-box-inventory">
            <BoxIcon /> Add Core Box
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/it-tickets" search={{ new: true }}>
            <LifeBuoyIcon /> New Ticket
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The bell lives in its own file (it has a list, a live stream and a poll of its own). */
export { NotificationsMenu } from "./notifications-menu";

/** A dialog opened from a menu item: it opens once the menu has closed, so its focus is not lost with the menu's. */
function useDialogFromMenu() {
  const [open, setOpen] = useState(false);
  const asked = useRef(false);
  return {
    open,
    setOpen,
    ask: () => {
      asked.current = true;
    },
    onCloseAutoFocus: (e: Event) => {
      if (!asked.current) return;
      asked.current = false;
      e.preventDefault();
      setOpen(true);
    },
  };
}

export function ProfileMenu({ open, onOpenChange }: MenuProps) {
  const { me, config, signInWithMicrosoft } = useAuth();
  const password = useDialogFromMenu();
  return (
    <>
      <DropdownMenu open={open} onOpenChange={onOpenChange} modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" className="rounded-full" aria-label="Profile">
            <InitialsAvatar name={me?.name} email={me?.email} />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64" onCloseAutoFocus={password.onCloseAutoFocus}>
          {me ? (
            <SignedInItems me={me} onChangePassword={password.ask} />
          ) : config?.mode === "entra" ? (
            <DropdownMenuItem onSelect={() => void signInWithMicrosoft()}>
              <LogInIcon /> Sign In with Microsoft
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => document.getElementById("sign-in-email")?.focus()}>
              <LogInIcon /> Sign In
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ChangePasswordDialog open={password.open} onOpenChange={password.setOpen} />
    </>
  );
}

/** The profile menu of a signed-in person: who they are, their email to copy, their settings, sign-out. */
function SignedInItems({ me, onChangePassword }: { me: Me; onChangePassword(): void }) {
  const { config, signOut } = useAuth();
  const { copied, copy } = useCopy(2000);
  return (
    <>
      <DropdownMenuLabel className="flex flex-col gap-0.5">
        <span className="truncate">{me.name || me.email}</span>
        <span className="truncate text-xs font-normal text-muted-foreground">{me.email}</span>
        <span className="text-xs font-normal text-muted-foreground">
          {me.isSuperOwner ? "Super-owner" : me.role}
        </span>
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        onSelect={(e) => {
          e.preventDefault();
          void copy(me.email);
        }}
      >
        <CopyIcon /> {copied ? "Copied!" : "Copy Email"}
      </DropdownMenuItem>
      {can(me, "admin.view") && (
        <DropdownMenuItem asChild>
          <Link to="/admin">
            <SettingsIcon /> Admin Settings
          </Link>
        </DropdownMenuItem>
      )}
      {config?.entra && (
        <DropdownMenuItem asChild>
          <a href={config.entra.accountUrl} target="_blank" rel="noreferrer noopener">
            <ExternalLinkIcon /> Microsoft account
          </a>
        </DropdownMenuItem>
      )}
      {config?.mode === "local" && (
        <DropdownMenuItem onSelect={onChangePassword}>
          <KeyRoundIcon /> Change password
        </DropdownMenuItem>
      )}
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => void signOut()}>
        <LogOutIcon /> Sign Out
      </DropdownMenuItem>
    </>
  );
}
