package dev.apex.otel;

import dev.apex.core.TaskId;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The tasks being traced and where new spans go: which task a thread works for, the step it is on,
 * the suite open. A task's events come on its own thread (the runner's contract); a session stepped
 * from other threads is found as the only task running. Thread-safe.
 */
final class ActiveTasks {

  /** One task's spans. Its fields are touched by the task's thread only. */
  static final class Trace {
    final TaskId id;
    final Span task;
    final Context context;
    Span step;
    Context stepContext;

    Trace(TaskId id, Span task, Context context) {
      this.id = id;
      this.task = task;
      this.context = context;
    }
  }

  private final Tracer tracer;
  private final Map<TaskId, Trace> byId = new ConcurrentHashMap<>();
  private final ThreadLocal<Trace> onThread = new ThreadLocal<>();
  private volatile Context suite;

  ActiveTasks(Tracer tracer) {
    this.tracer = tracer;
  }

  Tracer tracer() {
    return tracer;
  }

  /** Where a task's span goes: the open suite, else the caller's span, else nowhere (a root). */
  Context taskParent() {
    Context current = Context.current();
    if (Span.fromContext(current).getSpanContext().isValid()) {
      return current;
    }
    Context open = suite;
    return open != null ? open : Context.root();
  }

  /** Makes {@code context} the suite new tasks go under, returning the one before. */
  Context suite(Context context) {
    Context before = suite;
    suite = context;
    return before;
  }

  void started(Trace trace) {
    byId.put(trace.id, trace);
    onThread.set(trace);
  }

  Trace get(TaskId id) {
    return byId.get(id);
  }

  void finished(Trace trace) {
    byId.remove(trace.id, trace);
    if (onThread.get() == trace) {
      onThread.remove();
    }
  }

  /** Every task still open, for ending them when the process goes. */
  Iterable<Trace> open() {
    return byId.values();
  }

  /**
   * Where a model call's or a device command's span goes: the step the calling thread's task is on,
   * opened now when the task is between steps; the caller's span when no task is traced here.
   */
  Context workParent() {
    Trace trace = onThread.get();
    if (trace == null && byId.size() == 1) {
      trace = byId.values().stream().findFirst().orElse(null);
    }
    if (trace == null) {
      return Context.current();
    }
    Context task = trace.context;
    return stepOf(trace, () -> tracer.spanBuilder(Names.STEP).setParent(task).startSpan());
  }

  /**
   * Whether a command made now on this thread would have a parent ({@link #workParent}): a task
   * traced here, or a current span; else its span would be a root of its own.
   */
  boolean hasWorkParent() {
    return onThread.get() != null
        || byId.size() == 1
        || Span.fromContext(Context.current()).getSpanContext().isValid();
  }

  /** {@code trace}'s open step, or one {@code open} opens. */
  static Context stepOf(Trace trace, Supplier<Span> open) {
    synchronized (trace) {
      if (trace.step == null) {
        trace.step = open.get();
        trace.stepContext = trace.context.with(trace.step);
      }
      return trace.stepContext;
    }
  }

  /** Takes {@code trace}'s open step away (null when none), for ending it. */
  static Span takeStep(Trace trace) {
    synchronized (trace) {
      Span step = trace.step;
      trace.step = null;
      trace.stepContext = null;
      return step;
    }
  }
}
