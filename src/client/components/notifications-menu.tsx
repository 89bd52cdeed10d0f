import { NOTICE_MESSAGES, type Notice } from "@shared/notifications";
import { useNavigate } from "@tanstack/react-router";
import { BellIcon, CheckCheckIcon } from "lucide-react";
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
import { formatDateTime } from "@/lib/format";
import { useUnreadNotices } from "@/lib/notices";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

interface MenuProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The header bell: the unread count (live from the server's stream, polled when the stream is down), the newest
 * notices when opened, each leading to its place and marked read as it is opened, and "Mark all read".
 */
export function NotificationsMenu({ open, onOpenChange }: MenuProps) {
  const { me } = useAuth();
  const unread = useUnreadNotices(!!me);
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={label} className="relative">
          <BellIcon />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="unread-badge"
              className="absolute -top-1 -right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)] p-0">
        {me && open ? <NoticeList unread={unread} /> : <CaughtUp />}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function CaughtUp() {
  return (
    <div className="flex flex-col items-center gap-1 px-3 py-5 text-center">
      <CheckCheckIcon className="size-6 text-success" aria-hidden />
      <p className="text-sm font-medium">{NOTICE_MESSAGES.empty}</p>
      <p className="text-xs text-muted-foreground">{NOTICE_MESSAGES.caughtUp}</p>
    </div>
  );
}

function NoticeList({ unread }: { unread: number }) {
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery({ page_size: 20 });
  const refresh = (r: { unread: number }) => {
    utils.notifications.unread.setData(undefined, { unread: r.unread });
    void utils.notifications.list.invalidate();
  };
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAll = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });
  const rows = list.data?.rows ?? [];
  return (
    <>
      <div className="flex items-center justify-between gap-2 px-2 py-1.5">
        <DropdownMenuLabel className="p-0">Notifications</DropdownMenuLabel>
        {unread > 0 && (
          <DropdownMenuItem
            className="h-7 px-2 text-xs"
            disabled={markAll.isPending}
            onSelect={(e) => {
              // The menu stays open on what is now an empty list, so the person sees it worked.
              e.preventDefault();
              markAll.mutate();
            }}
          >
            Mark all read
          </DropdownMenuItem>
        )}
      </div>
      <DropdownMenuSeparator className="my-0" />
      {unread === 0 && <CaughtUp />}
      {rows.length > 0 && (
        <div className="max-h-96 overflow-y-auto p-1">
          {rows.map((n) => (
            <NoticeItem key={n.id} notice={n} onOpen={() => !n.read && markRead.mutate({ id: n.id })} />
          ))}
        </div>
      )}
      {list.isError && <p className="px-3 py-2 text-xs text-destructive">The notices could not be loaded.</p>}
    </>
  );
}

function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen(): void }) {
  const navigate = useNavigate();
  return (
    <DropdownMenuItem asChild>
      <a
        href={notice.link}
        className={cn("flex flex-col items-start gap-0.5 whitespace-normal", notice.read && "opacity-70")}
        onClick={(e) => {
          e.preventDefault();
          onOpen();
          void navigate({ href: notice.link });
        }}
      >
        <span className="flex w-full items-start gap-2">
          {!notice.read && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden />}
          <span className={cn("text-sm", !notice.read && "font-medium")}>
            {notice.title}
            {!notice.read && <span className="sr-only"> (unread)</span>}
          </span>
        </span>
        {notice.body && <span className="line-clamp-2 text-xs text-muted-foreground">{notice.body}</span>}
        <span className="text-[11px] text-muted-foreground">{formatDateTime(notice.createdAt)}</span>
      </a>
    </DropdownMenuItem>
  );
}
