package dev.apex.otel;

import io.opentelemetry.api.common.AttributeKey;

/** The span names and attribute keys apex exports; the GenAI ones are OpenTelemetry's. */
final class Names {

  private Names() {}

  static final String SUITE = "apex.suite";
  static final String TASK = "apex.task";
  static final String STEP = "apex.step";

  /** The observation and plan after a task's last step that ran no step (the goal was reached). */
  static final String FINISH = "apex.finish";

  /** A device command's span: this, a dot and the command, e.g. {@code apex.device.tap}. */
  static final String DEVICE = "apex.device";

  /**
   * A command's span that starts no task: this, a dot and the command, e.g. {@code apex.describe}.
   */
  static final String COMMAND = "apex";

  static final AttributeKey<String> COMMAND_NAME = AttributeKey.stringKey("apex.command");

  static final AttributeKey<String> SUITE_NAME = AttributeKey.stringKey("apex.suite.name");

  static final AttributeKey<String> TASK_ID = AttributeKey.stringKey("apex.task.id");
  static final AttributeKey<String> TASK_STATUS = AttributeKey.stringKey("apex.task.status");
  static final AttributeKey<Long> TASK_STEPS = AttributeKey.longKey("apex.task.steps");
  static final AttributeKey<Long> TASK_GOAL_CHARS = AttributeKey.longKey("apex.task.goal_chars");
  static final AttributeKey<String> TASK_GOAL = AttributeKey.stringKey("apex.task.goal");
  static final AttributeKey<String> TASK_REASON = AttributeKey.stringKey("apex.task.reason");

  static final AttributeKey<Long> STEP_INDEX = AttributeKey.longKey("apex.step.index");
  static final AttributeKey<String> STEP_TOOL = AttributeKey.stringKey("apex.step.tool");
  static final AttributeKey<String> STEP_OUTCOME = AttributeKey.stringKey("apex.step.outcome");
  static final AttributeKey<Long> STEP_ATTEMPTS = AttributeKey.longKey("apex.step.attempts");
  static final AttributeKey<Long> STEP_ARGS = AttributeKey.longKey("apex.step.args");
  static final AttributeKey<Long> STEP_OBSERVE_MS = AttributeKey.longKey("apex.step.observe_ms");
  static final AttributeKey<Long> STEP_PLAN_MS = AttributeKey.longKey("apex.step.plan_ms");
  static final AttributeKey<Long> STEP_ACT_MS = AttributeKey.longKey("apex.step.act_ms");
  static final AttributeKey<Long> SCENE_ELEMENTS = AttributeKey.longKey("apex.scene.elements");
  static final AttributeKey<Long> SCREENSHOT_BYTES =
      AttributeKey.longKey("apex.step.screenshot_bytes");
  static final AttributeKey<String> STEP_ARGUMENTS = AttributeKey.stringKey("apex.step.arguments");
  static final AttributeKey<String> STEP_ERROR = AttributeKey.stringKey("apex.step.error");

  static final AttributeKey<String> DEVICE_ID = AttributeKey.stringKey("apex.device.id");
  static final AttributeKey<String> DEVICE_COMMAND = AttributeKey.stringKey("apex.device.command");
  static final AttributeKey<Long> TREE_BYTES = AttributeKey.longKey("apex.device.tree_bytes");
  static final AttributeKey<Long> IMAGE_BYTES =
      AttributeKey.longKey("apex.device.screenshot_bytes");
  static final AttributeKey<Long> TEXT_CHARS = AttributeKey.longKey("apex.device.text_chars");
  static final AttributeKey<String> APP_ID = AttributeKey.stringKey("apex.device.app");
  static final AttributeKey<String> KEY = AttributeKey.stringKey("apex.device.key");

  static final AttributeKey<String> GEN_AI_OPERATION =
      AttributeKey.stringKey("gen_ai.operation.name");
  static final AttributeKey<String> GEN_AI_PROVIDER =
      AttributeKey.stringKey("gen_ai.provider.name");

  /**
   * The name before {@code gen_ai.provider.name} (semantic conventions 1.36): older backends read
   * it.
   */
  static final AttributeKey<String> GEN_AI_SYSTEM = AttributeKey.stringKey("gen_ai.system");

  static final AttributeKey<String> GEN_AI_MODEL = AttributeKey.stringKey("gen_ai.request.model");
  static final AttributeKey<Long> GEN_AI_MAX_TOKENS =
      AttributeKey.longKey("gen_ai.request.max_tokens");
  static final AttributeKey<Long> GEN_AI_INPUT_TOKENS =
      AttributeKey.longKey("gen_ai.usage.input_tokens");
  static final AttributeKey<Long> GEN_AI_OUTPUT_TOKENS =
      AttributeKey.longKey("gen_ai.usage.output_tokens");
  static final AttributeKey<Long> GEN_AI_CACHE_READ =
      AttributeKey.longKey("gen_ai.usage.cache_read.input_tokens");
  static final AttributeKey<Long> GEN_AI_CACHE_CREATION =
      AttributeKey.longKey("gen_ai.usage.cache_creation.input_tokens");
  static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
  static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<Long> MODEL_ATTEMPTS = AttributeKey.longKey("apex.model.attempts");
  static final AttributeKey<Long> MODEL_PROMPT_CHARS =
      AttributeKey.longKey("apex.model.prompt_chars");
  static final AttributeKey<Long> MODEL_TOOLS = AttributeKey.longKey("apex.model.tools");

  /** A payload's most characters on a span, after redaction. */
  static final int MAX_PAYLOAD = 1_000;
}
