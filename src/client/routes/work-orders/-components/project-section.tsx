import { WORK_ORDER_TEXTS, type WorkOrderProject } from "@shared/work-orders";
import { BriefcaseIcon } from "lucide-react";
import { None, Section } from "./section";

const FIELDS: [keyof WorkOrderProject, string][] = [
  ["client", "Client"],
  ["project", "Project"],
  ["pr", "PR"],
  ["principal_engineer", "Principal engineer"],
  ["date", "Date"],
  ["final_report_date", "Final report"],
];

/** The register's line for the work order (or its base number's, which it names). */
export function ProjectSection({ project }: { project: WorkOrderProject | null }) {
  return (
    <Section title="Project" icon={BriefcaseIcon}>
      {!project ? (
        <None>{WORK_ORDER_TEXTS.notInRegister}.</None>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">
            Project register, W.O. <span className="font-mono">{project.work_order}</span>
            {project.from_base && " (the base number's line: this lettered work order has none of its own)"}
          </p>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {FIELDS.map(([key, label]) => (
              <div key={key} className="min-w-0">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="break-words">{project[key] || "—"}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Section>
  );
}
