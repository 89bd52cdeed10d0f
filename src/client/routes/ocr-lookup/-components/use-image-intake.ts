import { OCR_IMAGE_TYPES, OCR_MESSAGES } from "@shared/ocr";
import { useEffect } from "react";

/**
 * How an image comes in: `take` checks a candidate (PNG/JPG/GIF, at most `maxMb`) and hands it on or says why
 * not; a paste anywhere on the page while the step shows is taken too (a screenshot straight from the clipboard).
 */
export function useImageIntake(
  maxMb: number | undefined,
  onFile: (file: File) => void,
  onRefuse: (message: string) => void,
) {
  const take = (candidate: File | null | undefined) => {
    if (!candidate) return;
    if (!(OCR_IMAGE_TYPES as readonly string[]).includes(candidate.type))
      return onRefuse(OCR_MESSAGES.imagesOnly);
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
