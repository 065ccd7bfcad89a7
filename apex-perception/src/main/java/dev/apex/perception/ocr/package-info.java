/**
 * The Tesseract adapter of the {@link dev.apex.perception.OcrEngine} port: runs the {@code
 * tesseract} command line on a screenshot and turns its TSV into line boxes in screenshot pixels.
 */
package dev.apex.perception.ocr;
