<?php

declare(strict_types=1);

return ['paths' => [], 'compiled' => sys_get_temp_dir()];
