package dev.apex.console;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Set;

/** Checks of a JSON request body shared by the inspector's and the flows' APIs. */
final class JsonBodies {

  private JsonBodies() {}

  /** A 400 naming the first key of {@code body} not in {@code keys}, with what to give instead. */
  static void onlyKeys(JsonNode body, Set<String> keys, String give) {
    for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!keys.contains(name)) {
        throw HttpError.badRequest("unknown key " + name + "; give " + give);
      }
    }
  }

  /** A string field that must be there and not blank; else a 400 naming it. */
  static String requiredText(JsonNode body, String key, String example) {
    JsonNode node = body.get(key);
    if (node == null || node.isNull()) {
      throw HttpError.badRequest(key + " is required, e.g. " + example);
    }
    if (!node.isTextual()) {
      throw HttpError.badRequest(key + " must be a string, e.g. " + example);
    }
    if (node.textValue().isBlank()) {
      throw HttpError.badRequest(key + " must not be blank, e.g. " + example);
    }
    return node.textValue();
  }

  /** A boolean field, {@code fallback} when absent; any other type is a 400 naming it. */
  static boolean flag(JsonNode body, String key, boolean fallback) {
    JsonNode node = body.get(key);
    if (node == null || node.isNull()) {
      return fallback;
    }
    if (!node.isBoolean()) {
      throw HttpError.badRequest(key + " must be true or false");
    }
    return node.booleanValue();
  }
}
