import { type CardSize, type CategoryMatch, relativeDay } from "@shared/dashboard";
import { Link } from "@tanstack/react-router";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  BoxesIcon,
  ChartColumnIcon,
  DatabaseIcon,
  GripVerticalIcon,
  LockIcon,
  MaximizeIcon,
  MonitorIcon,
  SparklesIcon,
  StarIcon,
  UsersIcon,
} from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { Highlight } from "./highlight";

const ICONS: Record<string, typeof BoxesIcon> = {
  sparkles: SparklesIcon,
  database: DatabaseIcon,
  boxes: BoxesIcon,
  chart: ChartColumnIcon,
  users: UsersIcon,
  monitor: MonitorIcon,
};

const SIZE_CLASS: Record<CardSize, string> = {
  normal: "",
  wide: "md:col-span-2",
  tall: "row-span-2",
  big: "md:col-span-2 row-span-2",
};

export interface CategoryCardProps {
  match: CategoryMatch;
  query: string;
  size: CardSize;
  editing: boolean;
  isFavorite(path: string): boolean;
  onToggleFavorite(path: string): void;
  isDisabled(path: string): boolean;
  onCycleSize(): void;
  onMove(delta: -1 | 1): void;
  dragProps: React.HTMLAttributes<HTMLElement> & { draggable?: boolean };
  isFirst: boolean;
  isLast: boolean;
}

export function CategoryCard(props: CategoryCardProps) {
  const { match, query, size, editing, isFavorite, onToggleFavorite, isDisabled } = props;
  const { category, subpages } = match;
  const Icon = ICONS[category.icon] ?? BoxesIcon;
  return (
    <article
      aria-labelledby={`cat-${category.id}`}
      data-size={size}
      className={cn(
        "flex flex-col rounded-xl border bg-card p-4 shadow-xs",
        SIZE_CLASS[size],
        editing && "ring-2 ring-dashed ring-primary/40",
      )}
      {...(editing ? props.dragProps : {})}
    >
      <header className="mb-3 flex items-start gap-3">
        {editing && (
          <GripVerticalIcon className="mt-1 size-4 cursor-grab text-muted-foreground" aria-hidden />
        )}
        <span className="rounded-lg bg-primary/10 p-2 text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`cat-${category.id}`} className="font-semibold leading-tight">
            <Highlight text={category.label} query={query} />
          </h2>
          <p className="text-xs text-muted-foreground">
            <Highlight text={category.sublabel} query={query} />
          </p>
        </div>
        <Badge variant="secondary">{category.tag}</Badge>
      </header>
      <p className="mb-3 text-sm text-muted-foreground">
        <Highlight text={category.description} query={query} />
      </p>
      <ul
        className={cn(
          "grid flex-1 content-start gap-2",
          (size === "wide" || size === "big") && "sm:grid-cols-2",
        )}
      >
        {subpages.map((s) => (
          <SubpageItem
            key={s.path}
            subpage={s}
            query={query}
            disabled={!!s.disabled || isDisabled(s.path)}
            favorite={isFavorite(s.path)}
            onToggleFavorite={() => onToggleFavorite(s.path)}
          />
        ))}
      </ul>
      <footer className="mt-3 flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>Updated {relativeDay(new Date(`${category.updated}T12:00:00`))}</span>
        {editing && (
          <EditControls
            label={category.label}
            size={size}
            isFirst={props.isFirst}
            isLast={props.isLast}
            onCycleSize={props.onCycleSize}
            onMove={props.onMove}
          />
        )}
      </footer>
    </article>
  );
}

type Subpage = CategoryMatch["subpages"][number];

/** One page of the category: a link (or, for a page the person may not open, a locked line) and its star. */
function SubpageItem({
  subpage: s,
  query,
  disabled,
  favorite,
  onToggleFavorite,
}: {
  subpage: Subpage;
  query: string;
  disabled: boolean;
  favorite: boolean;
  onToggleFavorite(): void;
}) {
  return (
    <li className="flex items-stretch gap-1">
      {disabled ? (
        <span
          aria-disabled
          title="Admins and Owners only"
          className="flex flex-1 flex-col rounded-md border border-dashed px-3 py-2 text-sm opacity-60"
        >
          <span className="flex items-center gap-1 font-medium">
            <Highlight text={s.name} query={query} />{" "}
            <LockIcon className="size-3" aria-label="Admins and Owners only" />
          </span>
          <span className="text-xs text-muted-foreground">
            <Highlight text={s.description} query={query} />
          </span>
        </span>
      ) : (
        <Link
          to={s.path}
          className="flex flex-1 flex-col rounded-md border px-3 py-2 text-sm hover:bg-accent"
        >
          <span className="font-medium">
            <Highlight text={s.name} query={query} />
          </span>
          <span className="text-xs text-muted-foreground">
            <Highlight text={s.description} query={query} />
          </span>
        </Link>
      )}
      <Button
        variant="ghost"
        size="icon-sm"
        className="self-center"
        aria-pressed={favorite}
        aria-label={favorite ? `Remove ${s.name} from favorites` : `Add ${s.name} to favorites`}
        onClick={onToggleFavorite}
      >
        <StarIcon className={cn(favorite && "fill-yellow-400 text-yellow-500")} />
      </Button>
    </li>
  );
}

/** While editing the layout: the card's size, and moving it one place earlier or later. */
function EditControls({
  label,
  size,
  isFirst,
  isLast,
  onCycleSize,
  onMove,
}: {
  label: string;
  size: CardSize;
  isFirst: boolean;
  isLast: boolean;
  onCycleSize(): void;
  onMove(delta: -1 | 1): void;
}) {
  return (
    <span className="flex gap-1">
      <Button
        variant="outline"
        size="xs"
        onClick={onCycleSize}
        aria-label={`Card size: ${size}. Change size`}
      >
        <MaximizeIcon /> {size}
      </Button>
      <Button
        variant="outline"
        size="icon-sm"
        disabled={isFirst}
        onClick={() => onMove(-1)}
        aria-label={`Move ${label} earlier`}
      >
        <ArrowUpIcon />
      </Button>
      <Button
        variant="outline"
        size="icon-sm"
        disabled={isLast}
        onClick={() => onMove(1)}
        aria-label={`Move ${label} later`}
      >
        <ArrowDownIcon />
      </Button>
    </span>
  );
}
