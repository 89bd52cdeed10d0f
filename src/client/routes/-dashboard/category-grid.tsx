import type { CategoryMatch } from "@shared/dashboard";
import { useState } from "react";
import { CategoryCard } from "./category-card";
import type { useDashboardLayout } from "./layout";

/**
 * The category cards in the saved order. While editing, a card can be dragged onto another to take its place,
 * or moved and resized with its own buttons.
 */
export function CategoryGrid({
  matches,
  query,
  editing,
  layout,
  isFavorite,
  onToggleFavorite,
  isDisabled,
}: {
  matches: CategoryMatch[];
  query: string;
  editing: boolean;
  layout: ReturnType<typeof useDashboardLayout>;
  isFavorite(path: string): boolean;
  onToggleFavorite(path: string): void;
  isDisabled(path: string): boolean;
}) {
  const [dragging, setDragging] = useState<string | null>(null);
  const indexOf = (id: string) => layout.ordered.findIndex((c) => c.id === id);
  return (
    <section
      aria-label="Categories"
      className="grid auto-rows-[minmax(12rem,auto)] grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
    >
      {matches.map((match, index) => {
        const id = match.category.id;
        return (
          <CategoryCard
            key={id}
            match={match}
            query={query}
            size={layout.sizeOf(id)}
            editing={editing}
            isFavorite={isFavorite}
            onToggleFavorite={onToggleFavorite}
            isDisabled={isDisabled}
            onCycleSize={() => layout.cycleSize(id)}
            onMove={(delta) => layout.move(id, indexOf(id) + delta)}
            isFirst={index === 0}
            isLast={index === matches.length - 1}
            dragProps={{
              draggable: true,
              onDragStart: (e) => {
                e.dataTransfer.effectAllowed = "move";
                setDragging(id);
              },
              onDragOver: (e) => e.preventDefault(),
              onDrop: (e) => {
                e.preventDefault();
                if (dragging && dragging !== id) layout.move(dragging, indexOf(id));
                setDragging(null);
              },
              onDragEnd: () => setDragging(null),
            }}
          />
        );
      })}
    </section>
  );
}
