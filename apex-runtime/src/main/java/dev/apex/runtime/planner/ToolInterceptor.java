package dev.apex.runtime.planner;

import dev.apex.tools.Tool;
import dev.apex.tools.ToolContext;
import java.util.Map;

/**
 * Wraps the execution of every tool, as OkHttp's interceptors wrap a call: cross-cutting concerns
 * (a safety policy, redaction, recording) live in one interceptor each instead of in the planner or
 * the tools. {@link InterceptedTools#wrap} puts a chain of them around each tool of a registry; the
 * executor then runs the wrapped tools as usual, so its retries and error handling apply unchanged.
 *
 * <p>An interceptor either calls {@link Chain#proceed} (possibly with other arguments) and returns
 * or transforms its result, or does not, and throws an {@link dev.apex.core.ApexException} that the
 * executor turns into a failed step (a {@link dev.apex.core.NonRetriableException} such as {@link
 * PolicyDenied} is not retried). Called on the task's thread, once per attempt of a step.
 */
@FunctionalInterface
public interface ToolInterceptor {

  Object intercept(Chain chain);

  /** The call being made, and the rest of the chain. */
  interface Chain {

    Tool<?> tool();

    /** The step's arguments, parsed by the tool. The same instance on every retry of a step. */
    Map<String, Object> args();

    ToolContext context();

    /** Runs the next interceptor, or the tool itself after the last one. */
    Object proceed(Map<String, Object> args);
  }
}
