package dev.apex.core;

/**
 * No element on the current screen matches what a step asked for. Carries the screen it looked at.
 */
public class ElementNotFoundException extends NonRetriableException {

  private final transient Scene scene;

  public ElementNotFoundException(String message, Scene scene) {
    super(message);
    this.scene = scene;
  }

  /** The screen the element was looked for on; may be null. */
  public Scene scene() {
    return scene;
  }
}
