package dev.apex.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.device.Device;
import dev.apex.device.ForwardingDevice;
import dev.apex.device.Gestures;
import dev.apex.testkit.FakeDevice;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** select_option: the list found as a tap finds its element, the option passed to the role. */
class SelectOptionToolTest {

  /** A device with lists to pick from, recording what it was asked. */
  static final class Lists extends ForwardingDevice implements Gestures.SelectOption {
    final List<String> calls = new CopyOnWriteArrayList<>();

    Lists() {
      super(new FakeDevice());
    }

    @Override
    public <T> Optional<T> role(Class<T> role) {
      return role.isInstance(this) ? Optional.of(role.cast(this)) : super.role(role);
    }

    @Override
    public String selectOption(int x, int y, String option) {
      calls.add(x + "," + y + " " + option);
      return option.toUpperCase(java.util.Locale.ROOT);
    }
  }

  private final SelectOptionTool tool = new SelectOptionTool();

  private Object run(Device device, Map<String, Object> args) {
    return TestScenes.runOnSettings(device, tool, args);
  }

  @Test
  void picksTheOptionInTheListAtTheElementsTapPoint() {
    Lists lists = new Lists();

    Object out = run(lists, Map.of("element", "settings/bt", "option", "team"));

    assertThat(lists.calls).containsExactly("540,470 team");
    assertThat(out)
        .isEqualTo(Map.of("x", 540, "y", 470, "element", "settings/bt", "selected", "TEAM"));
    assertThat(tool.supports(lists)).isTrue();
    assertThat(tool.args().stream().map(ArgSpec::name))
        .containsExactly("element", "text", "x", "y", "option", "timeout_ms");
  }

  @Test
  void aDeviceWithoutListsRefusesInOneLineNamingItsKind() {
    FakeDevice phone = new FakeDevice();
    String kind =
        phone.id().contains(":") ? phone.id().substring(0, phone.id().indexOf(':')) : phone.id();

    assertThat(tool.supports(phone)).isFalse();
    assertThatThrownBy(() -> run(phone, Map.of("text", "Bluetooth", "option", "On")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith(
            "select_option: the " + kind + " device cannot pick an option from a list");
    assertThat(phone.events()).isEmpty();
  }

  @Test
  void theOptionIsRequiredAndTheListNeedsOneLocator() {
    assertThatThrownBy(() -> tool.parse(Map.of("element", "3")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("option");
    assertThatThrownBy(() -> tool.parse(Map.of("element", "3", "option", " ")))
        .hasMessage("select_option: argument 'option' must not be empty");
    assertThatThrownBy(() -> tool.parse(Map.of("option", "Pro")))
        .hasMessage(
            "select_option: give 'element' or 'text' (an element), or 'x' and 'y' (a point), not"
                + " both");
  }
}
