package dev.apex.cli;

import dev.apex.config.ConfigField;
import dev.apex.config.Settings;
import dev.apex.perception.OcrEngine;
import dev.apex.runtime.agent.AgentBuilder;
import dev.apex.runtime.safety.Confirmer;
import java.util.function.Consumer;

/**
 * The agent every command that runs tasks on a device builds ({@code apex run}, {@code apex test}):
 * the settings' agent on {@code selector}, opened with the command's device options and wiring, its
 * OCR, confirmer, notices and trace spans. The command adds its own listeners and label store.
 */
final class CliAgents {

  private CliAgents() {}

  static AgentBuilder builder(
      Settings settings,
      String selector,
      SharedOptions shared,
      Wiring wiring,
      OcrEngine ocr,
      Confirmer confirmer,
      Consumer<String> notices) {
    return settings
        .agent()
        .device(selector)
        .deviceOptions(shared.deviceOptions(settings))
        .deviceOpener(wiring.opener())
        .sleeper(wiring.sleeper())
        .ocr(ocr)
        .confirmer(confirmer)
        .listener(wiring.tracer().listener(settings.config().bool(ConfigField.TRACES_PAYLOADS)))
        .notices(notices);
  }
}
