import { can } from "@shared/permissions";
import { createFileRoute } from "@tanstack/react-router";
import { toast } from "sonner";
import { Screen } from "@/components/screen";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";
import { ImportDialog } from "./-components/import-dialog";
import { ResultsStep } from "./-components/results-step";
import { UploadStep } from "./-components/upload-step";
import { useRecognition } from "./-components/use-recognition";

export const Route = createFileRoute("/ocr-lookup")({ component: OcrLookup });

/** Work Order Recognition: step 1 uploads an image, step 2 edits the work orders read off it and shows matches. */
function OcrLookup() {
  const { me } = useAuth();
  const r = useRecognition();
  const limits = trpc.workOrders.limits.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });

  return (
    <Screen path="/ocr-lookup" actions={can(me ?? null, "projects.import") ? <ImportDialog /> : undefined}>
      {!r.result ? (
        <UploadStep
          file={r.file}
          previewUrl={r.previewUrl}
          progress={r.progress}
          error={r.error}
          maxMb={limits.data?.maxMb}
          onFile={r.choose}
          onExtract={() => void r.extract()}
          onReset={r.reset}
          onRefuse={(message) => toast.error(message)}
        />
      ) : (
        <ResultsStep r={r} />
      )}
    </Screen>
  );
}
