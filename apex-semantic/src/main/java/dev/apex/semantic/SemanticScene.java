package dev.apex.semantic;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** Placeholder for the semantic branch's record; replaced on merge. */
public record SemanticScene(String page, List<String> intents, List<Widget> widgets) {

  public SemanticScene {
    intents = List.copyOf(intents);
    widgets = List.copyOf(widgets);
  }

  public record Widget(@JsonProperty("element_id") String elementId, String purpose) {}
}
