package dev.apex.runtime.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.PlannedStep;
import dev.apex.core.Scene;
import dev.apex.testkit.FakeClock;
import dev.apex.testkit.FakeDevice;
import dev.apex.testkit.RecordingSleeper;
import dev.apex.tools.Tool;
import dev.apex.tools.ToolContext;
import dev.apex.tools.ToolRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InterceptedToolsTest {

  @Test
  void interceptorsRunOutermostFirstAndMayChangeTheArguments() {
    List<String> calls = new ArrayList<>();
    ToolInterceptor outer =
        chain -> {
          calls.add("outer " + chain.tool().name());
          Map<String, Object> args = new LinkedHashMap<>(chain.args());
          args.put("key", "home");
          Object out = chain.proceed(args);
          calls.add("outer done");
          return out;
        };
    ToolInterceptor inner =
        chain -> {
          calls.add("inner " + chain.args().get("key"));
          return chain.proceed(chain.args());
        };
    FakeDevice device = new FakeDevice();
    FakeClock clock = new FakeClock();
    ToolContext ctx =
        new ToolContext(
            device,
            () -> null,
            () -> new Scene(1, 1, List.of()),
            clock,
            new RecordingSleeper(clock));

    ToolRegistry wrapped =
        InterceptedTools.wrap(ToolRegistry.defaultRegistry(), List.of(outer, inner));
    Tool<?> pressKey = wrapped.get("press_key");
    wrapped.parse(PlannedStep.of("press_key", Map.of("key", "back"))).execute(ctx);

    assertThat(calls).containsExactly("outer press_key", "inner home", "outer done");
    assertThat(device.events()).containsExactly(new FakeDevice.PressKey(dev.apex.device.Key.HOME));
    assertThat(wrapped.names()).isEqualTo(ToolRegistry.defaultRegistry().names());
    assertThat(pressKey.inputSchema())
        .isEqualTo(ToolRegistry.defaultRegistry().get("press_key").inputSchema());
  }
}
