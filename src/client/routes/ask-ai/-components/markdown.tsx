import { CHAT_TEXTS } from "@shared/chat";
import { CheckIcon, CopyIcon, FileTextIcon } from "lucide-react";
import { isValidElement, type ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { Button } from "@/components/ui/button";
import { useCopy } from "@/lib/use-copy";
import { linkCitations, parseCiteHref, pdfAtPage } from "./chat-model";

/**
 * An answer rendered as Markdown (react-markdown + GFM tables and lists). Citations become links that open
 * the cited PDF at its page through a fresh signed link; code blocks get their own copy button.
 */
export function AnswerMarkdown({ text, links }: { text: string; links: Record<string, string> }) {
  const components: Components = {
    a: ({ href, children, node: _node, ...rest }) => {
      const cite = parseCiteHref(href);
      if (!cite) {
        return (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline"
            {...rest}
          >
            {children}
          </a>
        );
      }
      const url = links[cite.file];
      const chip =
        // A long file name wraps inside the chip (a phone's card is narrower than some names), never past the card.
        "inline-flex max-w-full items-center gap-1 rounded-md border bg-muted/60 px-1.5 py-0 align-baseline text-xs font-medium [overflow-wrap:anywhere]";
      if (!url) {
        return (
          <span className={`${chip} text-muted-foreground`} title={cite.file}>
            <FileTextIcon className="size-3 shrink-0" aria-hidden />
            {children}
          </span>
        );
      }
      return (
        <a
          href={pdfAtPage(url, cite.page)}
          target="_blank"
          rel="noopener noreferrer"
          className={`${chip} text-primary hover:bg-accent`}
          title={`Open ${cite.file} at page ${cite.page}`}
          data-citation={`${cite.file}#${cite.page}`}
        >
          <FileTextIcon className="size-3 shrink-0" aria-hidden />
          {children}
        </a>
      );
    },
    pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
    code: ({ className, children, node: _node, ...rest }) => (
      <code className={`${className ?? ""} rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]`} {...rest}>
        {children}
      </code>
    ),
    ul: (p) => <ul className="my-2 ml-5 list-disc space-y-1.5" {...strip(p)} />,
    ol: (p) => <ol className="my-2 ml-5 list-decimal space-y-1.5" {...strip(p)} />,
    p: (p) => <p className="my-2 first:mt-0 last:mb-0" {...strip(p)} />,
    em: (p) => <em className="text-muted-foreground" {...strip(p)} />,
    table: (p) => (
      <div className="relative my-2 overflow-x-auto">
        <table
          className="w-full border-collapse text-sm [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_th]:text-left"
          {...strip(p)}
        />
      </div>
    ),
    blockquote: (p) => <blockquote className="my-2 border-l-2 pl-3 text-muted-foreground" {...strip(p)} />,
    h1: (p) => <h3 className="mt-3 mb-1 font-semibold" {...strip(p)} />,
    h2: (p) => <h3 className="mt-3 mb-1 font-semibold" {...strip(p)} />,
    h3: (p) => <h3 className="mt-3 mb-1 font-semibold" {...strip(p)} />,
  };
  return (
    <div className="text-sm leading-relaxed break-words">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {linkCitations(text)}
      </ReactMarkdown>
    </div>
  );
}

function strip<T extends { node?: unknown }>(props: T): Omit<T, "node"> {
  const { node: _node, ...rest } = props;
  return rest;
}

function textOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return "";
}

function CodeBlock({ children }: { children: ReactNode }) {
  const { copied, copy } = useCopy();
  return (
    <div className="group relative my-2">
      <pre className="overflow-x-auto rounded-md border bg-muted/60 p-3 pr-20 font-mono text-xs [&_code]:bg-transparent [&_code]:p-0">
        {children}
      </pre>
      <Button
        variant="outline"
        size="xs"
        className="absolute top-2 right-2"
        onClick={() => void copy(textOf(children).replace(/\n$/, ""))}
        aria-label={CHAT_TEXTS.copyCode}
      >
        {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
        {copied ? CHAT_TEXTS.copied : CHAT_TEXTS.copy}
      </Button>
    </div>
  );
}
