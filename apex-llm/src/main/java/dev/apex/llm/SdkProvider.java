package dev.apex.llm;

import dev.apex.core.Sleeper;
import java.time.Clock;
import java.util.Objects;

/**
 * An {@link LlmProvider} made of its name, its module and its two client factories: a provider
 * module's registered class is one constructor call on this (it must stay a public class with a
 * public no-argument constructor, for {@link java.util.ServiceLoader}).
 */
public abstract class SdkProvider implements LlmProvider {

  /** Builds one client from the settings, the clock and the sleeper. */
  @FunctionalInterface
  public interface Factory<C> {
    /**
     * @throws IllegalArgumentException when {@code config} lacks what the provider needs
     */
    C create(SemanticConfig config, Clock clock, Sleeper sleeper);
  }

  private final String name;
  private final String module;
  private final Factory<? extends LlmClient> structured;
  private final Factory<? extends ToolUseClient> toolUse;

  protected SdkProvider(
      String name,
      String module,
      Factory<? extends LlmClient> structured,
      Factory<? extends ToolUseClient> toolUse) {
    this.name = Objects.requireNonNull(name, "name");
    this.module = Objects.requireNonNull(module, "module");
    this.structured = Objects.requireNonNull(structured, "structured");
    this.toolUse = Objects.requireNonNull(toolUse, "toolUse");
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String module() {
    return module;
  }

  @Override
  public final LlmClient structured(SemanticConfig config, Clock clock, Sleeper sleeper) {
    return structured.create(config, clock, sleeper);
  }

  @Override
  public final ToolUseClient toolUse(SemanticConfig config, Clock clock, Sleeper sleeper) {
    return toolUse.create(config, clock, sleeper);
  }
}
