import { QueryClient } from "@tanstack/react-query";

function status(err: unknown): number | undefined {
  const e = err as { status?: number; data?: { httpStatus?: number } };
  return e?.status ?? e?.data?.httpStatus;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, err) => {
          const s = status(err);
          return !(s && s >= 400 && s < 500) && count < 2;
        },
      },
    },
  });
}
