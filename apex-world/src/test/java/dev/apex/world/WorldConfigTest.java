package dev.apex.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import dev.apex.core.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WorldConfigTest {

  @Test
  void defaultsAreOnWithTenEvents() {
    assertThat(WorldConfig.defaults()).isEqualTo(new WorldConfig(true, 10));
    assertThat(WorldConfig.disabled().enabled()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
  void historySizeMustBePositive(int size) {
    assertThatThrownBy(() -> new WorldConfig(true, size))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("historySize")
        .hasMessageContaining(String.valueOf(size));
    assertThatThrownBy(() -> WorldConfig.defaults().withHistorySize(size))
        .isInstanceOf(InvalidInputException.class);
  }

  @Test
  void jsonRoundTrips() {
    WorldConfig config = new WorldConfig(false, 3);

    assertThat(Json.write(config)).isEqualTo("{\"enabled\":false,\"historySize\":3}");
    assertThat(Json.read(Json.write(config), WorldConfig.class)).isEqualTo(config);
  }

  @Test
  void aConfigFileNamesOnlyWhatItChanges() {
    assertThat(Json.read("{}", WorldConfig.class)).isEqualTo(WorldConfig.defaults());
    assertThat(Json.read("{\"historySize\":4}", WorldConfig.class))
        .isEqualTo(new WorldConfig(true, 4));
  }

  @Test
  void aBadSizeInAConfigFileSaysWhichField() {
    assertThatThrownBy(() -> Json.read("{\"historySize\":0}", WorldConfig.class))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("historySize must be > 0");
  }
}
