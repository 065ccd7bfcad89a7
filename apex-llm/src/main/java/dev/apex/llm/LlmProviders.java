package dev.apex.llm;

import dev.apex.core.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Finds a model provider on the classpath by name ({@link ServiceLoader}). */
public final class LlmProviders {

  /** The provider used when settings name none. */
  public static final String DEFAULT = "anthropic";

  /** The OpenAI-compatible provider (OpenAI, Ollama, vLLM, llama.cpp, LM Studio, OpenRouter). */
  public static final String OPENAI = "openai";

  /** The module each known provider ships in, for the message when it is absent. */
  private static final Map<String, String> KNOWN_MODULES =
      Map.of(DEFAULT, "apex-anthropic", OPENAI, "apex-openai");

  /** Whether {@code name} is a provider apex knows ({@code anthropic} or {@code openai}). */
  public static boolean known(String name) {
    return name != null && KNOWN_MODULES.containsKey(name);
  }

  private LlmProviders() {}

  /** Every provider on the classpath, by name. */
  public static Map<String, LlmProvider> available() {
    Map<String, LlmProvider> found = new TreeMap<>();
    for (LlmProvider p :
        ServiceLoader.load(LlmProvider.class, LlmProviders.class.getClassLoader())) {
      found.putIfAbsent(p.name(), p);
    }
    return found;
  }

  /**
   * The provider called {@code name}.
   *
   * @throws InvalidInputException naming the module to add when it is not on the classpath, or the
   *     providers there are when the name is unknown
   */
  public static LlmProvider require(String name) {
    String wanted = name == null || name.isBlank() ? DEFAULT : name.strip();
    Map<String, LlmProvider> found = available();
    LlmProvider provider = found.get(wanted);
    if (provider != null) {
      return provider;
    }
    String module = KNOWN_MODULES.get(wanted);
    if (module != null) {
      throw new InvalidInputException(
          "the "
              + wanted
              + " model provider is not on the classpath: add the "
              + module
              + " module (dev.apex:"
              + module
              + ") to use it");
    }
    List<String> names = new ArrayList<>(found.keySet());
    throw new InvalidInputException(
        "unknown model provider '"
            + wanted
            + "': use "
            + (names.isEmpty()
                ? "anthropic or openai (add the apex-anthropic or apex-openai module)"
                : String.join(", ", names)));
  }
}
