package dev.apex.runtime.planner;

import dev.apex.core.PlannedStep;
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
 * same name, description, arguments, parse and recording as the tool it wraps; only {@code execute}
 * goes through the chain, first interceptor outermost. Interceptors see the step's argument map;
 * the tool executes what it parsed of it, or parses afresh the arguments an interceptor passes on
 * in its place. Immutable and thread-safe when the interceptors are.
 */
public final class InterceptedTools {

  private InterceptedTools() {}

  /** A registry holding each of {@code registry}'s tools wrapped in {@code interceptors}. */
  public static ToolRegistry wrap(ToolRegistry registry, List<ToolInterceptor> interceptors) {
    Objects.requireNonNull(registry, "registry");
    List<ToolInterceptor> chain = List.copyOf(interceptors);
    ToolRegistry wrapped = ToolRegistry.empty();
    for (Tool<?> tool : registry.tools()) {
      wrapped = wrapped.register(chain.isEmpty() ? tool : wrapped(tool, chain));
    }
    return wrapped;
  }

  private static <A> Tool<Call<A>> wrapped(Tool<A> tool, List<ToolInterceptor> chain) {
    return new Wrapped<>(tool, chain);
  }

  /** The step's arguments, as interceptors see them, and what the wrapped tool parsed of them. */
  private record Call<A>(Map<String, Object> args, A parsed) {}

  private record Wrapped<A>(Tool<A> tool, List<ToolInterceptor> interceptors)
      implements Tool<Call<A>> {

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
    public Call<A> parse(Map<String, Object> args) {
      return new Call<>(args, tool.parse(args));
    }

    @Override
    public Map<String, Object> inputSchema() {
      return tool.inputSchema();
    }

    @Override
    public Object execute(Call<A> call, ToolContext ctx) {
      return new Link<>(this, 0, call.args(), call, ctx).proceed(call.args());
    }

    @Override
    public PlannedStep recorded(PlannedStep step, Call<A> call, ToolContext ctx) {
      return tool.recorded(step, call.parsed(), ctx);
    }
  }

  private record Link<A>(
      Wrapped<A> wrapped, int index, Map<String, Object> args, Call<A> call, ToolContext context)
      implements ToolInterceptor.Chain {

    @Override
    public Tool<?> tool() {
      return wrapped.tool();
    }

    @Override
    public Object proceed(Map<String, Object> nextArgs) {
      Objects.requireNonNull(nextArgs, "args");
      if (index == wrapped.interceptors().size()) {
        // Arguments an interceptor put in place of the step's are another call: parse them first.
        A parsed = nextArgs == call.args() ? call.parsed() : wrapped.tool().parse(nextArgs);
        return wrapped.tool().execute(parsed, context);
      }
      Link<A> next = new Link<>(wrapped, index + 1, nextArgs, call, context);
      return wrapped.interceptors().get(index).intercept(next);
    }
  }
}
