package dev.apex.runtime.planner;

import dev.apex.tools.ArgSpec;
import dev.apex.tools.Tool;
import dev.apex.tools.ToolContext;
import dev.apex.tools.ToolRegistry;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Puts a chain of {@link ToolInterceptor}s around every tool of a registry. A wrapped tool has the
 * same name, description, arguments and validation as the tool it wraps; only {@code execute} goes
 * through the chain, first interceptor outermost. Immutable and thread-safe when the interceptors
 * are.
 */
public final class InterceptedTools {

  private InterceptedTools() {}

  /** A registry holding each of {@code registry}'s tools wrapped in {@code interceptors}. */
  public static ToolRegistry wrap(ToolRegistry registry, List<ToolInterceptor> interceptors) {
    Objects.requireNonNull(registry, "registry");
    List<ToolInterceptor> chain = List.copyOf(interceptors);
    ToolRegistry wrapped = ToolRegistry.empty();
    for (Tool tool : registry.tools()) {
      wrapped = wrapped.register(chain.isEmpty() ? tool : new Wrapped(tool, chain));
    }
    return wrapped;
  }

  private record Wrapped(Tool tool, List<ToolInterceptor> interceptors) implements Tool {

    @Override
    public String name() {
      return tool.name();
    }

    @Override
    public String description() {
      return tool.description();
    }

    @Override
    public List<ArgSpec> args() {
      return tool.args();
    }

    @Override
    public Optional<String> shorthandArg() {
      return tool.shorthandArg();
    }

    @Override
    public void validate(Map<String, Object> args) {
      tool.validate(args);
    }

    @Override
    public Map<String, Object> inputSchema() {
      return tool.inputSchema();
    }

    @Override
    public Object execute(Map<String, Object> args, ToolContext ctx) {
      return new Link(this, 0, args, ctx).proceed(args);
    }
  }

  private record Link(Wrapped wrapped, int index, Map<String, Object> args, ToolContext context)
      implements ToolInterceptor.Chain {

    @Override
    public Tool tool() {
      return wrapped.tool();
    }

    @Override
    public Object proceed(Map<String, Object> nextArgs) {
      Objects.requireNonNull(nextArgs, "args");
      if (index == wrapped.interceptors().size()) {
        return wrapped.tool().execute(nextArgs, context);
      }
      Link next = new Link(wrapped, index + 1, nextArgs, context);
      return wrapped.interceptors().get(index).intercept(next);
    }
  }
}
