import type { SnippetPart } from "@shared/reports";

/**
 * A search snippet as text nodes, hit pieces in <mark>. Never HTML: a report's own text can hold anything, and
 * React escapes every piece.
 */
export function Snippet({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <p className="mt-1.5 text-sm leading-relaxed break-words text-muted-foreground" data-testid="snippet">
      {parts.map((p, i) =>
        p.hit ? (
          <mark key={i} className="font-medium text-foreground">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}
