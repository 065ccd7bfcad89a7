package dev.apex.llm;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import java.util.Objects;

/**
 * What a screen is for, as the model labelled it: the page, what a user can do there, and the
 * purpose of the elements worth acting on. Additive to the {@link dev.apex.core.Scene} it came
 * from, never a replacement. The JSON schema sent to the model is derived from this record (every
 * property required, no others allowed), so its shape is the wire contract.
 *
 * @param page a short name for the page, e.g. {@code login}, {@code settings/wifi}
 * @param intents what a user can do on this page, short imperative phrases, most important first
 * @param widgets purposes of scene elements; every {@code elementId} is an id of the scene (the
 *     {@link Enricher} drops any other)
 */
public record SemanticScene(
    @JsonPropertyDescription(
            "Short lower-case name of the page, e.g. \"login\", \"settings/wifi\", \"home\".")
        String page,
    @JsonPropertyDescription(
            "What a user can do on this page: short imperative phrases, most important first.")
        List<String> intents,
    @JsonPropertyDescription("Purposes of the elements a user would act on or read.")
        List<Widget> widgets) {

  public SemanticScene {
    Objects.requireNonNull(page, "page");
    intents = List.copyOf(Objects.requireNonNull(intents, "intents"));
    widgets = List.copyOf(Objects.requireNonNull(widgets, "widgets"));
  }

  /**
   * The purpose of one scene element.
   *
   * @param elementId the element's id, exactly as the scene gave it ({@code element_id} in JSON)
   * @param purpose what the element is for, a short phrase, e.g. {@code submit the login form}
   */
  public record Widget(
      @JsonProperty("element_id")
          @JsonPropertyDescription("The element's id, copied exactly from the scene listing.")
          String elementId,
      @JsonPropertyDescription("What the element is for, a short phrase.") String purpose) {

    public Widget {
      Objects.requireNonNull(elementId, "elementId");
      Objects.requireNonNull(purpose, "purpose");
    }

    public Widget withElementId(String id) {
      return new Widget(id, purpose);
    }
  }
}
