import { imageRefusal } from "@shared/image-type";
import { useEffect } from "react";

/**
 * How an image comes in: `take` checks a candidate by its first bytes (PNG/JPG/GIF, at most `maxMb`) and hands it on or says why
 * not; a paste anywhere on the page while the step shows is taken too (a screenshot straight from the clipboard).
 */
export function useImageIntake(
  maxMb: number | undefined,
  onFile: (file: File) => void,
  onRefuse: (message: string) => void,
) {
  const take = async (candidate: File | null | undefined) => {
    if (!candidate) return;
    // The content decides, as on the server: a text file named .png is "not an image", a WebP "only PNG…".
    const refusal = imageRefusal(new Uint8Array(await candidate.slice(0, 512).arrayBuffer()));
    if (refusal) return onRefuse(refusal);
    if (maxMb && candidate.size > maxMb * 1024 * 1024)
      return onRefuse(`The image is larger than ${maxMb} MB.`);
    onFile(candidate);
  };

  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const pasted = [...(e.clipboardData?.files ?? [])][0];
      if (pasted) {
        e.preventDefault();
        take(pasted);
      }
    };
    window.addEventListener("paste", onPaste);
    return () => window.removeEventListener("paste", onPaste);
  });

  return take;
}
