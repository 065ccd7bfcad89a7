package dev.apex.llm;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The process's one {@link ModelCallListener}, and the guarded way the transport tells it. */
final class ModelCalls {

  private static final Logger log = LoggerFactory.getLogger(ModelCalls.class);

  private static volatile ModelCallListener listener = ModelCallListener.NONE;

  private ModelCalls() {}

  static ModelCallListener swap(ModelCallListener next) {
    ModelCallListener before = listener;
    listener = next;
    return before;
  }

  /** Tells the listener a call starts; a listener that throws hears nothing of this call. */
  static ModelCallListener.Call started(ModelCall call) {
    ModelCallListener current = listener;
    if (current == ModelCallListener.NONE) {
      return ModelCallListener.Call.NONE;
    }
    try {
      ModelCallListener.Call heard = current.started(call);
      return heard == null ? ModelCallListener.Call.NONE : heard;
    } catch (RuntimeException e) {
      log.warn("model call listener {} threw; ignoring it", current.getClass().getName(), e);
      return ModelCallListener.Call.NONE;
    }
  }

  static void ended(ModelCallListener.Call call, LlmResult<?> result) {
    try {
      call.ended(result);
    } catch (RuntimeException e) {
      log.warn("model call listener {} threw; ignoring it", call.getClass().getName(), e);
    }
  }
}
