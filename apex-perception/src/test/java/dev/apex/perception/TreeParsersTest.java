package dev.apex.perception;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.apex.core.TreeFormat;
import dev.apex.perception.Dumps.Dump;
import dev.apex.perception.tree.UiTree;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TreeParsersTest {

  /** One case per data file: real texts read from that file (text, content-desc, label, value). */
  static Stream<Arguments> files() {
    return Stream.of(
        arguments(
            "android-appium-variant/shirates_appium_uia2_settings_top_1080x2088.xml",
            List.of("Search settings", "Network & internet", "Connected devices")),
        arguments(
            "android-edge-cases/avc_lockscreen_api17_chinese_mojibake_800x1216.xml",
            List.of("空白小部件。", "滑动解锁。", "正在充电，50%", "语言", "6:40")),
        arguments(
            "android-edge-cases/dev_tty_trailer_216_nodes_1080x2178.xml",
            List.of("My Bro", "Clear conversation", "New Conversation")),
        arguments(
            "android-edge-cases/utf16le_bom_settings_278_nodes_1080x2178.xml",
            List.of(
                "Amo Settings",
                "Organize model setup, knowledge imports, workspace prep, and future training flows.",
                "Cognition")),
        arguments("android/atx_game_landscape_rotation1_1920x1080.xml", List.of()),
        arguments("android/atx_miui_home_1080x1920_zh.xml", List.of("第1屏", "第8屏")),
        arguments("android/avc_launcher_pre_api18_480x800_no_resource_id.xml", List.of("Apps")),
        arguments(
            "android/avc_nexus_launcher_api27_1080x1794.xml",
            List.of("Sunday, May 19", "56°F", "Phone", "Messages")),
        arguments(
            "android/google_app_settings_list_1344x2992.xml",
            List.of("Theme", "Dark", "Select a hue color")),
        arguments(
            "android/samsung_app_drawer_grid_1080x2178.xml",
            List.of("APKDone", "APKMirror Installer (beta)", "APKPure")),
        arguments(
            "android/samsung_lockscreen_systemui_1080x2178.xml",
            List.of("Sat, March 14", "Battery charging, 58 percent", "7:02PM")),
        arguments(
            "android/samsung_open_with_chooser_dialog_1080x2178.xml",
            List.of("Open with", "Calendar", "Android Switch")),
        arguments(
            "android/xiaocong_launcher_480x800.xml",
            List.of("Phone", "People", "Messaging", "Analog clock")),
        arguments(
            "ios/appium_inspector_wdio_demo_app_414x896.xml",
            List.of("Login", "Home WebView Login Forms Swipe")),
        arguments(
            "ios/shirates_app_onboarding_375x667.xml",
            List.of("Text2", "Skip", "Mail Address", "(Mandatory)")),
        arguments(
            "ios/shirates_settings_accessibility_375x667.xml",
            List.of("Accessibility", "VISION", "Display & Text Size")),
        arguments("ios/shirates_settings_keyboard_390x844.xml", List.of("Keyboards", "General")),
        arguments(
            "ios/shirates_settings_top_390x844.xml",
            List.of("Sign in to your iPhone", "Set up iCloud, the App Store, and more.")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void everyDumpParsesToItsManifestNodeCountWithItsTexts(String file, List<String> texts) {
    Dump dump = Dumps.named(file);

    UiTree tree = TreeParsers.parse(dump.capture());

    assertThat(tree.nodes()).hasSize(dump.nodes());
    Set<String> seen =
        tree.nodes().stream()
            .flatMap(n -> Stream.of(n.text(), n.description()))
            .collect(Collectors.toSet());
    assertThat(seen).containsAll(texts);
    assertThat(tree.width()).isEqualTo(dump.screen().width());
    assertThat(tree.height()).isEqualTo(dump.screen().height());
  }

  @Test
  void everyManifestFileHasItsOwnCase() {
    Set<String> covered = files().map(a -> (String) a.get()[0]).collect(Collectors.toSet());

    assertThat(covered)
        .containsExactlyInAnyOrderElementsOf(Dumps.all().stream().map(Dump::file).toList());
  }

  @Test
  void webJsonGoesToTheWebTreeParser() {
    assertThat(TreeParsers.forFormat(TreeFormat.WEB_JSON))
        .isInstanceOf(dev.apex.perception.web.WebTreeParser.class);
  }
}
