package dev.apex.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.TaskId;
import dev.apex.core.TaskStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page in real headless Chromium while the timeline goes away ({@link OutageTimeline}): a
 * banner says "timeline unreachable: LOCATION …, retrying" while it lasts, and goes when reads work
 * again, after which the task list shows what was recorded meanwhile without a reload.
 */
@Tag("e2e")
class ConsoleTimelineBannerBrowserTest {

  @TempDir Path home;
  @TempDir Path profile;
  private OutageTimeline outage;
  private TestConsole console;
  private HeadlessChromium chromium;
  private WebDriver browser;
  private WebDriverWait wait;

  @BeforeEach
  void start() throws IOException {
    HeadlessChromium.assumeInstalled();
    console = TestConsole.serving(home, t -> outage = new OutageTimeline(t));
    chromium = HeadlessChromium.start(profile);
    browser = chromium.browser;
    wait = new WebDriverWait(browser, Duration.ofSeconds(30));
    wait.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
  }

  @AfterEach
  void stop() {
    if (chromium != null) {
      chromium.close();
    }
    if (console != null) {
      console.close();
    }
  }

  @Test
  void aBannerShowsWhileTheTimelineIsUnreachableAndGoesWhenItReturns() throws IOException {
    TaskId before = TaskId.of("before-outage");
    console.timeline.startTask(before, "sim", "goal before");
    console.timeline.finishTask(before, TaskStatus.SUCCEEDED, "done");
    browser.get(console.server.url().toString());
    wait.until(d -> ConsoleBrowser.text(d, "#live").equals("live"));
    wait.until(d -> d.getPageSource().contains("before-outage"));
    assertThat(banner().isDisplayed()).isFalse();

    outage.goDown();
    wait.until(d -> banner().isDisplayed());
    assertThat(banner().getText())
        .startsWith("timeline unreachable: " + OutageTimeline.LOCATION)
        .contains("Connection to db.test:5432 refused")
        .endsWith(", retrying");
    chromium.shot("timeline-unreachable");

    TaskId during = TaskId.of("during-outage");
    console.timeline.startTask(during, "sim", "goal during");
    console.timeline.finishTask(during, TaskStatus.SUCCEEDED, "done");
    outage.comeBack();
    wait.until(d -> !banner().isDisplayed());
    wait.until(d -> d.getPageSource().contains("during-outage"));
    assertThat(ConsoleBrowser.text(browser, "#banner")).doesNotContain("unreachable");
  }

  private WebElement banner() {
    return browser.findElement(By.id("timeline-banner"));
  }
}
