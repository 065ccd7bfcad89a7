package dev.apex.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.apex.core.InvalidInputException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Without a store on the classpath (as here), opening a timeline says which module to add. */
class TimelineProvidersTest {

  @Test
  void withNoStoreOnTheClasspathOpeningAFileNamesTheModuleToAdd() {
    assertThat(TimelineProviders.available()).isEmpty();
    assertThatThrownBy(() -> TimelineProviders.open(Path.of("timeline.db")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(
            "no timeline store is on the classpath: add the apex-storage module"
                + " (dev.apex:apex-storage) to record tasks in a file, or record no timeline");
  }
}
