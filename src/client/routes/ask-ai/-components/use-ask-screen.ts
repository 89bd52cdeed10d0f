import { CHAT_MESSAGES } from "@shared/chat";
import { REPORTS_DB } from "@shared/reports";
import { parseWorkOrder } from "@shared/work-orders";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { trpc } from "@/lib/trpc";
import { useLocalStorage } from "@/lib/use-local-storage";
import { initialDb } from "./chat-model";
import { useAskChat } from "./use-ask-chat";

const isBool = (v: unknown) => typeof v === "boolean";
const isText = (v: unknown) => typeof v === "string";

/**
 * The Ask AI screen's state: the databases and the one asked (from the URL, else the last one used), the toggles
 * kept in local storage, the conversation, the draft question and the alert above the input.
 */
export function useAskScreen() {
  const search = useSearch({ from: "/ask-ai" });
  const navigate = useNavigate({ from: "/ask-ai" });
  const utils = trpc.useUtils();
  const dbs = trpc.chat.dbs.useQuery(undefined, { staleTime: 60_000 });
  const [lastDb, setLastDb] = useLocalStorage("geolabs.askAi.db.v1", "", isText);
  const [webChosen, setUseWeb] = useLocalStorage("geolabs.askAi.web.v1", false, isBool);
  // Without an AI service there is no general knowledge to add: no toggle, and nothing asked for.
  const webOffered = dbs.data?.webKnowledge ?? false;
  const useWeb = webOffered && webChosen;
  const [useCache, setUseCache] = useLocalStorage("geolabs.askAi.cache.v1", true, isBool);
  const list = dbs.data?.dbs ?? [];
  const db = initialDb(
    list.map((d) => d.name),
    search.db,
    lastDb,
  );

  // A work order's page asks about its reports alone; the scope holds while the reports are the database.
  const workOrder = db === REPORTS_DB ? parseWorkOrder(search.wo ?? "")?.work_order : undefined;
  const chat = useAskChat(
    { db, useWeb, useCache, workOrder },
    () => void utils.chat.history.invalidate({ db }),
  );
  const [draft, setDraft] = useState("");
  const [alert, setAlert] = useState<string | null>(null);
  const history = trpc.chat.history.useQuery({ db }, { enabled: !!db });
  const ratings = useMemo(
    () => Object.fromEntries((history.data?.entries ?? []).map((e) => [e.id, e.rating])),
    [history.data],
  );

  const chooseDb = (name: string) => {
    setLastDb(name);
    setAlert(null);
    chat.clear();
    void navigate({ search: { db: name || undefined }, replace: true });
  };
  const askAllReports = () => {
    chat.clear();
    void navigate({ search: { db }, replace: true });
  };
  const send = (text: string = draft) => {
    const q = text.trim();
    if (!q || chat.busy) return;
    if (!db) {
      setAlert(CHAT_MESSAGES.selectDb);
      return;
    }
    setAlert(null);
    chat.ask(q);
    setDraft("");
  };
  const lastAssistant = [...chat.messages].reverse().find((m) => m.role === "assistant");
  const activeId = chat.messages.length === 2 ? lastAssistant?.metadata?.historyId : undefined;

  return {
    dbs,
    list,
    db,
    workOrder,
    settings: { useWeb, setUseWeb, webOffered, useCache, setUseCache },
    chat,
    draft,
    setDraft,
    alert,
    ratings,
    chooseDb,
    askAllReports,
    send,
    canRegenerate: !!lastAssistant && !!db,
    activeId,
  };
}
